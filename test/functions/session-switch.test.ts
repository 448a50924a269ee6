import type { FetchLike } from "../../src/client";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type Workbench, errorOf, generatedMetadata, matrixOf, settle, workbench } from "./support/harness";

const BASE = "http://service.test";
const KEY_A = "key-a-0123456789";
const KEY_B = "key-b-0123456789";

/**
 * A curated endpoint whose rows say which key asked (A sees 100, B sees 999). Answers to key A can be held back, as
 * a slow network would; a held request honours its abort signal as a real fetch does.
 */
function twoKeyApi() {
  const state = { holdA: false, releases: [] as (() => void)[], abortedA: 0, answeredA: 0 };
  const fetch: FetchLike = async (_url, init) => {
    const key = (init.headers as Record<string, string>)["X-Service-Api-Key"];
    if (key === KEY_A && state.holdA) {
      await new Promise<void>((resolve, reject) => {
        const signal = init.signal;
        signal?.addEventListener("abort", () => {
          state.abortedA++;
          reject(new DOMException("The operation was aborted.", "AbortError"));
        });
        state.releases.push(resolve);
      });
    }
    if (key === KEY_A) state.answeredA++;
    const tvl = key === KEY_A ? 100 : key === KEY_B ? 999 : undefined;
    if (tvl === undefined) return new Response(JSON.stringify({ error: "invalid API Key" }), { status: 401 });
    const body = {
      execution_id: "01DATASET",
      state: "QUERY_STATE_COMPLETED",
      is_execution_finished: true,
      result: {
        metadata: { column_names: ["avs_name", "total_TVL"], column_types: ["varchar", "double"], row_count: 1 },
        rows: [{ avs_name: "alpha", total_TVL: tvl }],
      },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  return {
    fetch,
    state,
    releaseA(): void {
      for (const release of state.releases.splice(0)) release();
    },
  };
}

describe("a session change while a fetch is in flight", () => {
  let metadata: FunctionsMetadata;
  let api: ReturnType<typeof twoKeyApi>;
  let bench: Workbench;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });
  beforeEach(() => {
    api = twoKeyApi();
    bench = workbench(metadata, { baseUrl: BASE, apiKey: KEY_A, fetch: api.fetch });
  });
  afterEach(() => {
    api.releaseA();
    bench.close();
  });

  const tvls = (values: unknown[]): unknown[] =>
    values.map((v) => {
      try {
        return matrixOf(v)[1]![1];
      } catch {
        return errorOf(v).message;
      }
    });

  it("switching keys: the old key's answer never reaches a cell, and its request is aborted", async () => {
    api.state.holdA = true;
    const cell = bench.cell("DATASET", "avs");
    await settle();
    expect(api.state.releases).toHaveLength(1);
    await bench.session.signIn(KEY_B);
    expect(tvls([await cell.result()])).toEqual([999]);
    expect(api.state.abortedA).toBe(1);
    api.releaseA();
    await settle(10);
    expect(tvls(cell.results)).toEqual([999]);
    expect(api.state.answeredA).toBe(0);
  });

  it("the old key's answer cannot overwrite the new key's rows even when it arrives last (a fetch that ignores aborts)", async () => {
    api.state.holdA = true;
    const cell = bench.cell("DATASET", "avs");
    await settle();
    // A fetch that does not honour its signal (some polyfills): its answer still comes, late.
    const release = api.state.releases[0]!;
    api.state.releases.length = 0;
    await bench.session.signIn(KEY_B);
    expect(tvls([await cell.result()])).toEqual([999]);
    release();
    await settle(10);
    expect(tvls(cell.results)).toEqual([999]);
    // Nor is it kept for the next cell with the same formula.
    expect(tvls([await bench.cell("DATASET", "avs").result()])).toEqual([999]);
  });

  it("signing out: a fetch in flight is aborted and the cells say how to sign in, not the old key's rows", async () => {
    api.state.holdA = true;
    const cell = bench.cell("DATASET", "avs");
    await settle();
    await bench.session.signOut();
    await settle(10);
    api.releaseA();
    await settle(10);
    expect(api.state.abortedA).toBe(1);
    expect(tvls(cell.results)).toEqual(["Sign in from the Service task pane to use SERVICE functions"]);
  });

  it("changing the service address aborts what is in flight too", async () => {
    api.state.holdA = true;
    const cell = bench.cell("DATASET", "avs");
    await settle();
    api.state.holdA = false;
    await bench.session.signIn(KEY_A, "http://other.test");
    expect(tvls([await cell.result()])).toEqual([100]);
    expect(api.state.abortedA).toBe(1);
    await settle(10);
    expect(cell.results).toHaveLength(1);
  });
});
