/**
 * Child-process entry for one measurement of the refresh section:
 * `refresh-worker.ts refresh <url> <apiKey> <file.xlsx>` runs `npm run refresh`'s code on the file (written to a
 * copy next to it); `refresh-worker.ts fetch <url> <apiKey> <reads>` fetches the same rows with the project's client
 * (each comma-separated `queryId:limit` one table of that query's latest result; `all` for the whole result). Prints one JSON line: the wall time of the work
 * alone (process start and imports excluded), rows, and the process's peak RSS. A fresh process per run makes the
 * peak the run's own.
 */
import { ServiceClient } from "../src/client";
import { runRefreshCommand } from "../src/refresh";
import type { RefreshWorkerResult } from "./refresh-types";

async function main(): Promise<void> {
  const [mode, url, apiKey, target] = process.argv.slice(2) as [string, string, string, string];
  if ((mode !== "refresh" && mode !== "fetch") || !url || !apiKey || !target) {
    throw new Error("usage: refresh-worker.ts <refresh|fetch> <url> <apiKey> <file.xlsx|queryId:limit,…>");
  }
  const t0 = performance.now();
  let rows = 0;
  let exitCode = 0;
  let said = "";
  if (mode === "fetch") {
    const client = new ServiceClient({ apiKey, baseUrl: url });
    for (const read of target.split(",")) {
      const [queryId, limit] = read.split(":") as [string, string];
      const paging = limit === "all" ? {} : { limit: Number(limit) };
      const table = await client.table({ queryId: Number(queryId), format: "json" }, paging);
      rows += table.rows.length;
    }
  } else {
    const out: string[] = [];
    exitCode = await runRefreshCommand(
      [target, "--out", target.replace(/\.xlsx$/, ".refreshed.xlsx"), "--json"],
      { SERVICE_API_KEY: apiKey, SERVICE_API_BASE_URL: url },
      { out: (text) => out.push(text), error: () => undefined },
    );
    // The report (JSON; progress lines go to `error`): every SERVICE cell and bound table must have been refreshed,
    // or nothing was measured.
    const report = JSON.parse(out.join("\n") || "{}") as {
      cells?: { cell: string; status: string; message?: string }[];
      tables?: { table: string; status: string; message?: string }[];
    };
    const cells = [
      ...(report.cells ?? []),
      ...(report.tables ?? []).map((t) => ({ cell: `table ${t.table}`, status: t.status, message: t.message })),
    ];
    const notDone = cells.filter((c) => c.status !== "refreshed");
    rows = cells.length - notDone.length;
    said = notDone.length
      ? `${notDone.length} of ${cells.length} not refreshed: ${notDone
          .map((c) => `${c.cell} ${c.status} (${c.message ?? ""})`)
          .join("; ")
          .slice(0, 600)}`
      : `${cells.length} refreshed`;
    if (notDone.length || cells.length === 0) exitCode = exitCode || 3;
  }
  const ms = performance.now() - t0;
  // maxRSS is in kilobytes.
  const maxRssBytes = process.resourceUsage().maxRSS * 1024;
  const result: RefreshWorkerResult = { ms, rows, exitCode, said, maxRssBytes };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
