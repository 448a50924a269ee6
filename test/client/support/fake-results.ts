import { flush } from "../../support/manual-clock";
import { handlerFetch, jsonResponse } from "./fetch-fakes";

export interface FakeResultOptions {
  rows: number;
  columns: number;
  /** The server answers at most this many rows per response (a byte cap), on top of the datapoints cap. */
  maxRowsPerResponse?: number;
  /** Event-loop turns each response takes, so requests overlap. */
  turns?: number;
  state?: string;
}

/** Cell value of the fake result: row r, column c. Column 0 is the row id. */
export function cell(r: number, c: number): number | string {
  return c === 0 ? r : `r${r}c${c}`;
}

function csvText(names: string[], rows: (number | string)[][]): string {
  return [names.join(","), ...rows.map((row) => row.join(","))].map((line) => `${line}\n`).join("");
}

/**
 * An in-memory stand-in for E2/E5 that pages like the service: 250,000-datapoint cap, next_offset/next_uri,
 * total_row_count, header row on every CSV page. Records in-flight counts to check the concurrency bound.
 */
export function fakeResults(options: FakeResultOptions) {
  const allNames = Array.from({ length: options.columns }, (_, c) => (c === 0 ? "id" : `col${c}`));
  let inFlight = 0;
  const stats = { maxInFlight: 0, requests: 0 };
  const fetch = handlerFetch(async (_call, url) => {
    stats.requests++;
    inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    try {
      await flush(options.turns ?? 1);
      const q = url.searchParams;
      const names = q.get("columns") ? q.get("columns")!.split(",") : allNames;
      const indexes = names.map((n) => allNames.indexOf(n));
      const offset = Number(q.get("offset") ?? 0);
      const cap =
        q.get("ignore_max_datapoints_per_request") === "true" || q.get("ignore_max_credits_per_request") === "true"
          ? Infinity
          : Math.floor(250_000 / names.length);
      const asked = q.has("limit") ? Number(q.get("limit")) : Infinity;
      const count = Math.max(0, Math.min(asked, cap, options.maxRowsPerResponse ?? Infinity, options.rows - offset));
      const rows = Array.from({ length: count }, (_, i) => indexes.map((c) => cell(offset + i, c)));
      const next = offset + count < options.rows ? offset + count : undefined;
      const nextUri =
        next === undefined
          ? undefined
          : (() => {
              const u = new URL(url.toString());
              u.searchParams.set("offset", String(next));
              return u.toString();
            })();
      if (url.pathname.endsWith("/csv")) {
        const headers: Record<string, string> = { "Content-Type": "text/csv" };
        if (next !== undefined) {
          headers["X-Service-Next-Offset"] = String(next);
          headers["X-Service-Next-Uri"] = nextUri!;
        }
        return new Response(csvText(names, rows), { status: 200, headers });
      }
      const body: Record<string, unknown> = {
        execution_id: "01JD8Z5K2W3X4Y5Z6A7B8C9D0E",
        query_id: 1003,
        state: options.state ?? "QUERY_STATE_COMPLETED",
        is_execution_finished: true,
        result: {
          metadata: {
            column_names: names,
            column_types: names.map((n) => (n === "id" ? "bigint" : "varchar")),
            row_count: count,
            total_row_count: options.rows,
            datapoint_count: count * names.length,
          },
          rows: rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]]))),
        },
      };
      if (next !== undefined) {
        body.next_offset = next;
        body.next_uri = nextUri;
      }
      return jsonResponse(200, body);
    } finally {
      inFlight--;
    }
  });
  return { fetch, stats, names: allNames };
}
