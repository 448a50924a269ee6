import type { ExcelBehaviour } from "../behaviour/excel-behaviour";
import { behaviourFromQuery } from "../behaviour/read-behaviour";

/** Set by the server in /playground-config.js before any bundle runs. */
export interface ServedConfig {
  serviceUrl?: string;
  demoKey?: string;
}

export interface PlaygroundConfig {
  /** The API the pane and the functions call (the local service). */
  serviceUrl: string;
  /** The key to sign in with the first time; null: leave the pane signed out. */
  autoSignInKey: string | null;
  /** Start from empty per-user storage (no stored key, no history). */
  reset: boolean;
  /** Sheets the workbook starts with. */
  sheets: string[];
  /** Excel behaviour settings the query asks for (over those chosen in File → Options). */
  behaviour: Partial<ExcelBehaviour>;
  /** AutoSave as the query asks (`autosave=off`), else as last chosen. */
  autoSave?: boolean;
  /**
   * File → Open and Download convert in a worker (`fileworker=off`: on the page's thread, as a browser without
   * workers would; the bench compares the two).
   */
  fileWorker: boolean;
  /** Query parameters that were not understood, to say so. */
  ignored: string[];
}

/** The manifest's `Functions.Namespace`: formulas call SERVICE.DATASET and so on. */
export const FUNCTIONS_NAMESPACE = "SERVICE";

/**
 * Served config, overridden by the page's query: `service=<url>` (another API), `key=<key>` (sign in with that
 * key instead of the demo key), `signin=none` (stay signed out: the e2e test of a bad key), `reset=1`,
 * `autosave=on|off`, `fileworker=off`, and the Excel behaviour settings (`behaviour/read-behaviour.ts`).
 */
export function readConfig(search: string, served: ServedConfig | undefined): PlaygroundConfig {
  const params = new URLSearchParams(search);
  const serviceUrl = params.get("service") ?? served?.serviceUrl ?? "http://127.0.0.1:8787";
  const key = params.get("key") ?? served?.demoKey ?? null;
  const { behaviour, ignored } = behaviourFromQuery(search);
  const autoSave = params.get("autosave");
  if (autoSave !== null && autoSave !== "on" && autoSave !== "off") ignored.push(`autosave=${autoSave}`);
  const fileWorker = params.get("fileworker");
  if (fileWorker !== null && fileWorker !== "on" && fileWorker !== "off") ignored.push(`fileworker=${fileWorker}`);
  return {
    serviceUrl,
    autoSignInKey: params.get("signin") === "none" || key === "" ? null : key,
    reset: params.get("reset") === "1",
    sheets: ["Sheet1", "Sheet2", "Sheet3"],
    behaviour,
    autoSave: autoSave === "on" ? true : autoSave === "off" ? false : undefined,
    fileWorker: fileWorker !== "off",
    ignored,
  };
}
