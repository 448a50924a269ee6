import type { FetchLike } from "../../../src/client";

export const FAKE_KEY = "fake-key-0123456789";

/**
 * A tiny stand-in for the curated endpoints and an execution's results, for cache and bus tests that need to
 * change the data at will and hold answers back. Integration tests use the real service instead.
 */
export function fakeApi() {
  const state = { version: 1, gate: undefined as Promise<void> | undefined };
  const json = (body: unknown, status = 200): Response =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const envelope = (rows: Record<string, unknown>[], columns: [string, string][]) => ({
    execution_id: "01DATASET",
    state: "QUERY_STATE_COMPLETED",
    is_execution_finished: true,
    result: {
      metadata: {
        column_names: columns.map((c) => c[0]),
        column_types: columns.map((c) => c[1]),
        row_count: rows.length,
        total_row_count: rows.length,
      },
      rows,
    },
  });
  const fetch: FetchLike = async (url, init) => {
    if (state.gate) await state.gate;
    const headers = init.headers as Record<string, string>;
    if (headers["X-Service-Api-Key"] !== FAKE_KEY) return json({ error: "Invalid API key" }, 401);
    const { pathname } = new URL(url);
    const v = state.version;
    if (
      pathname.startsWith("/v1/restaking/") ||
      pathname.startsWith("/v1/dex/") ||
      pathname.startsWith("/v1/marketshare/")
    ) {
      return json(
        envelope(
          [
            { avs_name: "alpha", total_TVL: 100 * v },
            { avs_name: "beta", total_TVL: 200 * v },
          ],
          [
            ["avs_name", "varchar"],
            ["total_TVL", "double"],
          ],
        ),
      );
    }
    if (pathname.startsWith("/v1/execution/")) {
      return json(envelope([{ id: v }], [["id", "bigint"]]));
    }
    return json({ error: "Not found" }, 404);
  };
  return {
    fetch,
    /** Data as of the next request: the service refreshed. */
    bump(): void {
      state.version++;
    },
    /** Holds every answer until the returned function is called. */
    hold(): () => void {
      let release = (): void => undefined;
      state.gate = new Promise<void>((resolve) => {
        release = () => {
          state.gate = undefined;
          resolve();
        };
      });
      return release;
    },
  };
}
