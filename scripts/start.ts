/**
 * `npm start`: everything on one machine, nothing to set up after `npm install`.
 *   1. the local service with its demo data and demo key (SERVICE_* variables as for `npm run service`);
 *   2. one webpack run building the add-in for Excel (dist/) and the playground (dist-playground/);
 *   3. two small static servers: the add-in for sideloading (HTTPS when the Office dev certificate is installed)
 *      and the playground on 127.0.0.1;
 * then prints where everything is. Ctrl-C stops it all.
 *
 * Flags: --port N (playground; env PLAYGROUND_PORT; default 3100, the same every time: the browser keeps the
 * playground's workbook per address), --addin-port N (env ADDIN_PORT; default 3000, the manifest's), --service-port
 * N (env SERVICE_PORT; default 8787). A taken playground port falls back to the next free one, and says so; a taken
 * service or add-in port falls back to a free one.
 */
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { ServerOptions as HttpsOptions } from "node:https";
import { startAddinServer } from "./serve/addin-server";
import { choosePort } from "./serve/free-port";
import { runWebpack } from "./serve/build";
import { DEFAULT_PLAYGROUND_PORT, startPlaygroundServer } from "./serve/playground-server";
import type { RunningStaticServer } from "./serve/static-server";
import { DEMO_KEY, startService, type RunningService } from "../src/service";
import { parseCli } from "../src/service/cli-options";
import { parseFlags, wholeNumber, type FlagSpec } from "../src/cli";

const ROOT = resolve(__dirname, "..");

const FLAGS = {
  port: { value: "N", env: "PLAYGROUND_PORT", help: `playground port (default ${DEFAULT_PLAYGROUND_PORT})` },
  "addin-port": { value: "N", env: "ADDIN_PORT", help: "port serving dist/ for sideloading (default 3000)" },
  "service-port": { value: "N", env: "SERVICE_PORT", help: "local service port (default 8787)" },
} satisfies Record<string, FlagSpec>;

/** The ports asked for on the command line or in the environment; a bad value or unknown flag is a usage error. */
function portFlags(): Partial<Record<keyof typeof FLAGS, number>> {
  const values = parseFlags("npm start -- [flags]", FLAGS, process.argv.slice(2), process.env);
  const ports: Partial<Record<keyof typeof FLAGS, number>> = {};
  for (const name of Object.keys(FLAGS) as (keyof typeof FLAGS)[]) {
    const text = values[name];
    if (text !== undefined) ports[name] = wholeNumber(name, text, 65535);
  }
  return ports;
}

/**
 * The Office dev certificate when it was installed (`npx office-addin-dev-certs install`), read from where that
 * tool writes it. We only read: its getHttpsServerOptions() would generate and install a CA as a side effect.
 */
async function devCertificate(): Promise<HttpsOptions | undefined> {
  const dir = join(homedir(), ".office-addin-dev-certs");
  try {
    const [ca, cert, key] = await Promise.all(
      ["ca.crt", "localhost.crt", "localhost.key"].map((f) => readFile(join(dir, f))),
    );
    return { ca, cert, key };
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const stops: (() => Promise<void>)[] = [];
  const building = new AbortController();
  // One shutdown, however many ask for it (Ctrl-C during the build also fails the build): each caller waits
  // for everything to be closed, and the first to ask chooses the exit code.
  let stopped: Promise<void> | undefined;
  const stopAll = async (code: number): Promise<never> => {
    stopped ??= (async () => {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    })();
    await stopped;
    process.exit(code);
  };
  process.once("SIGINT", () => void stopAll(0));
  process.once("SIGTERM", () => void stopAll(0));

  try {
    const ports = portFlags();
    // SERVICE_* variables configure the service as for `npm run service`; the port may also come as a flag.
    const { options, demoKeys } = parseCli([], process.env);
    // With SERVICE_KEYS the demo key does not open the service: nothing to print or to sign in with.
    const demoKey = demoKeys ? DEMO_KEY : undefined;
    const servicePort = ports["service-port"] ?? options.port;
    const service: RunningService = await startService({
      ...options,
      port: await choosePort(servicePort, options.host),
    });
    stops.push(() => service.close());
    void service.warmDatasets().catch(() => undefined);
    console.log(`Service started at ${service.url} (data in ${resolve(options.dataDir)}); building…`);

    const addinPort = await choosePort(ports["addin-port"] ?? 3000, "localhost");
    const https = await devCertificate();
    const addinBaseUrl = `${https ? "https" : "http"}://localhost:${addinPort}`;
    stops.push(async () => building.abort()); // stops run last-in first-out: the build goes first
    await runWebpack({
      root: ROOT,
      configs: ["webpack.config.js", "webpack.playground.js"],
      env: { ADDIN_BASE_URL: addinBaseUrl, SERVICE_API_BASE_URL: service.url },
      signal: building.signal,
    });

    const addin: RunningStaticServer = await startAddinServer({ root: resolve(ROOT, "dist"), port: addinPort, https });
    stops.push(() => addin.close());
    const { server: playground, note: portNote } = await startPlaygroundServer({
      root: resolve(ROOT, "dist-playground"),
      port: ports.port ?? DEFAULT_PLAYGROUND_PORT,
      config: () => ({ serviceUrl: service.url, demoKey }),
    });
    stops.push(() => playground.close());
    if (portNote) console.log(`\n  ${portNote}`);

    console.log(`
  Playground (Excel emulated in the browser):  ${playground.url}/playground.html
  Service API:                                 ${service.url}/v1${demoKey ? `   demo key: ${demoKey}` : ""}
  Add-in for real Excel:                       ${addin.url}/taskpane.html
  Manifest to sideload:                        ${resolve(ROOT, "dist", "manifest.xml")}
      Excel on the web: Insert > Add-ins > Upload My Add-in, then choose that file.
      Excel desktop:    a shared-folder catalog (Windows) or the wef folder (Mac); docs/excel.md.
${https ? "" : "      Excel needs HTTPS for add-ins: run `npx office-addin-dev-certs install` once, then restart.\n"}
  Ctrl-C stops everything.`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (stopped) return; // stopping on a signal: the build's failure is ours
    console.error(`npm start failed: ${message}`);
    if (/lock/i.test(message)) {
      console.error(
        "Another service is using that data directory: stop it, or set SERVICE_DATA_DIR to another folder.",
      );
    }
    await stopAll(1);
  }
}

void main();
