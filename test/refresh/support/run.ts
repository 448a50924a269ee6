import { runRefreshCommand } from "../../../src/refresh";
import type { FetchLike } from "../../../src/client";
import type { WriteFileSystem } from "../../../src/xlsx/file";

export interface CommandRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `npm run refresh -- …` in this process, with the refresh's clock at `now`. */
export async function refresh(
  argv: string[],
  env: Record<string, string | undefined>,
  deps: { now: () => number; fetch?: FetchLike; spillLimitBytes?: number; fileSystem?: WriteFileSystem },
): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRefreshCommand(argv, env, { out: (t) => out.push(t), error: (t) => err.push(t) }, deps);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A fetch that records every request's method and URL (path and query) as it goes to the service. */
export function recordingFetch(): FetchLike & { requests: { method: string; url: string }[] } {
  const requests: { method: string; url: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const u = new URL(url);
    requests.push({ method: init.method ?? "GET", url: u.pathname + u.search });
    return globalThis.fetch(url, init);
  };
  return Object.assign(fetch, { requests });
}
