import { isDiskFull } from "../store/disk-full";

export const DISK_FULL_MESSAGE =
  "The service's disk is full, so this execution's result could not be stored. Run the query again once space is freed.";

/** A quoted absolute path, POSIX or Windows: `"/srv/data/results/x.parquet"`, `'C:\data\x'`. */
const QUOTED_PATH = /(["'])(?:[A-Za-z]:)?[\\/][^"'\r\n]*\1/g;
/** A bare absolute path after a blank or punctuation: `… file /srv/data/x: …`. */
const BARE_PATH = /(^|[\s(=,[])(?:[A-Za-z]:)?[\\/][^\s"',;:)\]]+/g;

/**
 * What a failed run says: the engine's own message (first line, e.g. `Binder Error: …`) without driver noise, and
 * without any path of the server (the data directory, a result or temp file, an extension folder), which callers
 * have no business knowing; or, when the disk is full, that.
 */
export function failureMessage(error: unknown, dataDir: string): string {
  if (isDiskFull(error)) return DISK_FULL_MESSAGE;
  const text = (error instanceof Error ? error.message : String(error)).split("\n")[0].replace(/^Error:\s*/, "");
  return scrubPaths(text, dataDir).slice(0, 2000);
}

export function scrubPaths(text: string, dataDir: string): string {
  const scrubbed = text.replace(QUOTED_PATH, "$1[path]$1").replace(BARE_PATH, "$1[path]");
  return dataDir === "" ? scrubbed : scrubbed.split(dataDir).join("[path]");
}
