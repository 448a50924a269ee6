import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttps, type ServerOptions as HttpsOptions } from "node:https";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  // The docs pages beside help.html: shown as text, not offered as a download.
  ".md": "text/plain; charset=utf-8",
};

export interface StaticServerOptions {
  root: string;
  port?: number;
  host?: string;
  /** Served at "/" (a redirect). */
  index?: string;
  /** Extra generated files by path ("/playground-config.js" → its body). */
  generated?: Record<string, { type: string; body: () => string }>;
  /** HTTPS (sideloading into Excel needs it); plain HTTP otherwise. */
  https?: HttpsOptions;
  /** Sent with every response (Excel on the web loads the add-in's files cross-origin). */
  headers?: Record<string, string>;
  /** Answer CORS preflights (OPTIONS) with 204 and `headers`, allowing the headers asked for. */
  preflight?: boolean;
}

export interface RunningStaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A small static file server on node:http: GET/HEAD only, no directory listings, nothing outside `root`. */
export async function startStaticServer(options: StaticServerOptions): Promise<RunningStaticServer> {
  const root = resolve(options.root);
  const host = options.host ?? "127.0.0.1";
  const extra = options.headers ?? {};
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    void serve(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === "OPTIONS" && options.preflight) {
      const asked = req.headers["access-control-request-headers"];
      res
        .writeHead(204, {
          ...extra,
          ...(asked ? { "Access-Control-Allow-Headers": asked } : {}),
          "Access-Control-Max-Age": "86400",
        })
        .end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: options.preflight ? "GET, HEAD, OPTIONS" : "GET, HEAD", ...extra }).end();
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (path === "/" && options.index) {
      res.writeHead(302, { Location: `/${options.index}`, ...extra }).end();
      return;
    }
    const made = options.generated?.[path];
    if (made) {
      res.writeHead(200, { "Content-Type": made.type, "Cache-Control": "no-store", ...extra });
      res.end(req.method === "HEAD" ? undefined : made.body());
      return;
    }
    const file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403, extra).end();
      return;
    }
    const info = await stat(file).catch(() => null);
    if (!info || !info.isFile()) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", ...extra }).end("Not found");
      return;
    }
    res.writeHead(200, {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      "Content-Length": info.size,
      "Cache-Control": "no-cache",
      ...extra,
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  };
  const server: Server = options.https ? createHttps(options.https, handle) : createHttp(handle);
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, host, () => ok());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const scheme = options.https ? "https" : "http";
  const shownHost = options.https && host === "127.0.0.1" ? "localhost" : host;
  return {
    url: `${scheme}://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** The script the playground page reads before its bundles: which service to call and the demo key. */
export function playgroundConfigScript(config: { serviceUrl: string; demoKey?: string }): string {
  return `window.PLAYGROUND_CONFIG = ${JSON.stringify(config).replace(/</g, "\\u003c")};\n`;
}
