import type { ServerOptions as HttpsOptions } from "node:https";
import { type RunningStaticServer, startStaticServer } from "./static-server";

/** The CORS headers dist/ is served with (one list for this server and the webpack dev server; see addin-cors.js). */
export const { ADDIN_CORS_HEADERS } = require("./addin-cors.js") as {
  ADDIN_CORS_HEADERS: Readonly<Record<string, string>>;
};

export interface AddinServerOptions {
  root: string;
  port?: number;
  https?: HttpsOptions;
}

/**
 * `npm start`'s server of dist/ for sideloading into Excel: on localhost, with the CORS headers Excel on the web needs
 * to read functions.json (preflights answered too), "/" → the pane's page.
 */
export function startAddinServer(options: AddinServerOptions): Promise<RunningStaticServer> {
  return startStaticServer({
    root: options.root,
    port: options.port,
    host: "localhost",
    index: "taskpane.html",
    https: options.https,
    headers: { ...ADDIN_CORS_HEADERS },
    preflight: true,
  });
}
