import { DATASET_CATALOG, type FetchLike } from "../../src/client";

export const RETIRED_KEY = "retired-key-0123456789";

/** The data each dataset serves, as rows keyed by column: a couple of rows, with every path argument's value. */
function sampleRows(name: string): Record<string, unknown>[] {
  const entry = DATASET_CATALOG.find((d) => d.name === name)!;
  const base = (i: number) =>
    Object.fromEntries(
      entry.columns.map(([column, type]) => [
        column,
        type === "double" || type === "bigint" || type === "integer"
          ? 10 * i
          : type === "array(varchar)"
            ? [`${column}-${i}`]
            : `${column}-${i}`,
      ]),
    );
  if (name === "dex") return [1, 2, 3].map((i) => ({ ...base(i), chain: i === 3 ? "base" : "ethereum" }));
  if (name === "marketshare")
    return [1, 2, 3].map((i) => ({ ...base(i), market: i === 3 ? "dex" : "nft", blockchain: "solana" }));
  return [1, 2].map(base);
}

function envelope(
  name: string,
  all: Record<string, unknown>[],
  extra: Record<string, unknown>,
  columns: string | null,
) {
  const entry = DATASET_CATALOG.find((d) => d.name === name)!;
  const wanted = columns ? columns.split(",").map((c) => c.trim()) : undefined;
  const kept = entry.columns.filter(([c]) => wanted === undefined || wanted.includes(c));
  const rows = all.map((row) => Object.fromEntries(kept.map(([c]) => [c, row[c]])));
  return {
    state: "QUERY_STATE_COMPLETED",
    is_execution_finished: true,
    ...extra,
    result: {
      metadata: {
        column_names: kept.map(([c]) => c),
        column_types: kept.map(([, t]) => t),
        row_count: rows.length,
        total_row_count: rows.length,
      },
      rows,
    },
  };
}

/** Keeps the rows the leading `col = 'value' AND …` conditions select (the path filter); the rest is not read. */
function applyPathFilter(rows: Record<string, unknown>[], filters: string | null): Record<string, unknown>[] {
  if (!filters) return rows;
  const pathPart = filters.split(" AND (")[0]!;
  const conditions = [...pathPart.matchAll(/(\w+) = '([^']*)'/g)].map((m) => [m[1]!, m[2]!] as const);
  return rows.filter((row) =>
    conditions.every(([column, value]) => row[column] === undefined || row[column] === value),
  );
}

export interface RetiredApiOptions {
  /** The curated endpoints answer (up) or 404 (gone). */
  endpoints: "up" | "gone";
  /** Query ids that answer with their dataset's rows (default: the local service's ids). */
  queries?: "local" | "real" | "none";
  /** When the queries' latest results ended. */
  endedAt?: string;
}

/**
 * A service whose curated endpoints can be switched off, serving each dataset's rows by its saved query's latest
 * result instead (GET /v1/query/{id}/results), for tests of the add-in's fallback before the local service has it.
 * Every request is recorded (path and query string).
 */
export function retiredDatasetsApi(options: RetiredApiOptions) {
  const state = { ...options, requests: [] as { path: string; params: URLSearchParams }[] };
  const json = (body: unknown, status = 200): Response =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetch: FetchLike = async (url, init) => {
    const headers = init.headers as Record<string, string>;
    if (headers["X-Service-Api-Key"] !== RETIRED_KEY) return json({ error: "invalid API Key" }, 401);
    const { pathname, searchParams } = new URL(url);
    state.requests.push({ path: pathname, params: searchParams });
    const entry = DATASET_CATALOG.find((d) => new RegExp(`^${d.path.replace(/\{[a-z]+\}/g, "[^/]+")}$`).test(pathname));
    if (entry) {
      if (state.endpoints === "gone") return json({ error: "Not found" }, 404);
      const args = pathname.split("/").slice(-entry.args.length);
      const rows = sampleRows(entry.name).filter((row) => entry.args.every((arg, i) => row[arg.column] === args[i]));
      return json(
        envelope(
          entry.name,
          rows,
          { execution_id: `01ENDPOINT${entry.name.toUpperCase()}` },
          searchParams.get("columns"),
        ),
      );
    }
    const latest = /^\/v1\/query\/(\d+)\/results$/.exec(pathname);
    if (latest) {
      const id = Number(latest[1]);
      const served = DATASET_CATALOG.find((d) =>
        state.queries === "none" ? false : (state.queries === "real" ? d.queries.real : d.queries.local) === id,
      );
      if (!served) return json({ error: "Query not found" }, 404);
      const rows = applyPathFilter(sampleRows(served.name), searchParams.get("filters"));
      return json(
        envelope(
          served.name,
          rows,
          {
            execution_id: `01QUERY${id}`,
            query_id: id,
            execution_ended_at: state.endedAt ?? "2024-06-01T09:45:00.000Z",
          },
          searchParams.get("columns"),
        ),
      );
    }
    return json({ error: "Not found" }, 404);
  };
  return {
    fetch,
    /** Every request so far: its path and query parameters. */
    get requests() {
      return state.requests;
    },
    paths(): string[] {
      return state.requests.map((r) => r.path);
    },
    set(patch: Partial<RetiredApiOptions>): void {
      Object.assign(state, patch);
    },
    reset(): void {
      state.requests = [];
    },
  };
}
