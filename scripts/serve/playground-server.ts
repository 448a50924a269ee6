import { portIsFree } from "./free-port";
import { playgroundConfigScript, startStaticServer, type RunningStaticServer } from "./static-server";

/**
 * The playground's default port. The browser keeps the playground's workbook per origin (scheme, host and port:
 * IndexedDB and localStorage are per origin), so `npm start` serves it on the same port every time and the
 * workbook is there again after a restart.
 */
export const DEFAULT_PLAYGROUND_PORT = 3100;
/** How many ports after the preferred one are tried before the system picks one. */
const NEXT_PORTS = 10;

/** The port to serve on, and what to tell the user when it is not the one asked for. */
export async function choosePlaygroundPort(
  preferred: number,
  host = "127.0.0.1",
): Promise<{ port: number; note?: string }> {
  if (preferred === 0) return { port: 0 };
  if (await portIsFree(preferred, host)) return { port: preferred };
  const moved = (port: string) =>
    `Port ${preferred} is busy: the playground is on ${port}. The browser keeps a workbook per address, so the ` +
    `workbook saved at port ${preferred} is not shown there; stop what uses ${preferred} and restart to find it again.`;
  for (let port = preferred + 1; port <= Math.min(65535, preferred + NEXT_PORTS); port++) {
    if (await portIsFree(port, host)) return { port, note: moved(String(port)) };
  }
  return { port: 0, note: moved("a port the system chose") };
}

export interface PlaygroundServerOptions {
  /** The folder holding playground.html (dist-playground/, or a test build). */
  root: string;
  /** Preferred port: DEFAULT_PLAYGROUND_PORT for `npm start`, 0 for a port chosen at run time (tests). */
  port: number;
  host?: string;
  /** What the page calls (the local service, or the relay) and signs in with the first time. */
  config: () => { serviceUrl: string; demoKey?: string };
}

/** Serves the built playground with its `/playground-config.js`; `note` says when the preferred port was busy. */
export async function startPlaygroundServer(
  options: PlaygroundServerOptions,
): Promise<{ server: RunningStaticServer; note?: string }> {
  const { port, note } = await choosePlaygroundPort(options.port, options.host);
  const server = await startStaticServer({
    root: options.root,
    port,
    host: options.host,
    index: "playground.html",
    generated: {
      "/playground-config.js": {
        type: "text/javascript; charset=utf-8",
        body: () => playgroundConfigScript(options.config()),
      },
    },
  });
  return { server, note };
}
