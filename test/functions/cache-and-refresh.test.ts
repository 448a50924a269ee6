import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { FAKE_KEY, fakeApi } from "./support/fake-api";
import { type Workbench, errorOf, generatedMetadata, matrixOf, settle, workbench } from "./support/harness";

const BASE = "http://service.test";
const MINUTE = 60_000;

describe("cache, dedupe and the refresh bus", () => {
  let metadata: FunctionsMetadata;
  let api: ReturnType<typeof fakeApi>;
  let bench: Workbench;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });
  beforeEach(() => {
    api = fakeApi();
    bench = workbench(metadata, { baseUrl: BASE, apiKey: FAKE_KEY, fetch: api.fetch });
  });
  afterEach(() => bench.close());

  const tvl = (value: unknown): unknown => matrixOf(value)[1]![1];

  it("100 cells with the same formula cost one HTTP request", async () => {
    const cells = Array.from({ length: 100 }, () => bench.cell("DATASET", "avs", "limit=5"));
    const values = await Promise.all(cells.map((c) => c.result()));
    expect(bench.fetch.count).toBe(1);
    expect(values.every((v) => tvl(v) === 100)).toBe(true);
    expect(bench.runtime.cacheStats()).toMatchObject({ fetches: 1, requests: 1, liveCells: 100 });
  });

  it("equivalent formulas share the entry; different ones do not", async () => {
    await Promise.all([
      bench.cell("DATASET", "AVS", "limit=5").result(),
      bench.cell("DATASET", "avs-stats", "rows=5", "headers=false").result(),
      bench.cell("DATASET", "avs", "limit=6").result(),
    ]);
    expect(bench.fetch.count).toBe(2);
  });

  it("re-entering the same formula (or a recalculation) serves the cache", async () => {
    const first = bench.cell("DATASET", "dex", "ethereum");
    await first.result();
    first.cancel();
    const again = bench.cell("DATASET", "dex", "Ethereum");
    expect(tvl(await again.result())).toBe(100);
    expect(bench.fetch.count).toBe(1);
    expect(bench.runtime.cacheStats().hits).toBe(1);
  });

  it("curated data is kept until its dataset's next scheduled refresh (15 min for AVS)", async () => {
    // The clock starts at 10:07 UTC: the AVS data refreshes at 10:15.
    await bench.cell("DATASET", "avs").result();
    bench.clock.advance(7 * MINUTE);
    await bench.cell("DATASET", "avs").result();
    expect(bench.fetch.count).toBe(1);
    bench.clock.advance(1 * MINUTE + 1);
    api.bump();
    expect(tvl(await bench.cell("DATASET", "avs").result())).toBe(200);
    expect(bench.fetch.count).toBe(2);
  });

  it("auto-refresh: at the scheduled refresh live cells get new values without a recalculation", async () => {
    bench.runtime.queries.setBudget(100); // automatic refreshes spend only within the workbook's daily budget
    const cells = [bench.cell("DATASET", "avs"), bench.cell("DATASET", "avs", "headers=false")];
    await Promise.all(cells.map((c) => c.result()));
    const [at] = [...bench.runtime.autoRefreshSchedule().values()];
    expect(new Date(at!).toISOString()).toBe("2024-06-01T10:15:30.000Z");
    api.bump();
    bench.clock.advance(at! - bench.clock.now());
    const [a, b] = await Promise.all(cells.map((c) => c.result(2)));
    expect(tvl(a)).toBe(200);
    expect(matrixOf(b)[0]).toEqual(["alpha", 200]);
    expect(bench.fetch.count).toBe(2);
    // Re-armed for the next slot.
    expect([...bench.runtime.autoRefreshSchedule().values()]).toEqual([Date.parse("2024-06-01T10:30:30.000Z")]);
  });

  it("auto_refresh=false: no timer; cancelling the last cell disarms the timer", async () => {
    await bench.cell("DATASET", "dex", "base", "auto_refresh=false").result();
    expect(bench.runtime.autoRefreshSchedule().size).toBe(0);
    const cell = bench.cell("DATASET", "marketshare", "dex", "ethereum");
    await cell.result();
    expect([...bench.runtime.autoRefreshSchedule().values()]).toEqual([Date.parse("2024-06-01T23:30:30.000Z")]);
    cell.cancel();
    expect(bench.runtime.autoRefreshSchedule().size).toBe(0);
  });

  it("Refresh All re-fetches once per request and pushes into every live cell", async () => {
    const cells = [
      ...Array.from({ length: 10 }, () => bench.cell("DATASET", "avs")),
      ...Array.from({ length: 5 }, () => bench.cell("DATASET", "dex", "base")),
    ];
    await Promise.all(cells.map((c) => c.result()));
    bench.fetch.reset();
    api.bump();
    const events: unknown[] = [];
    bench.runtime.onRefresh((event) => events.push(event));
    await expect(bench.runtime.refreshAll()).resolves.toEqual({ cells: 15, requests: 2, failures: [], held: 0 });
    expect(bench.fetch.count).toBe(2);
    expect(cells.every((c) => tvl(c.latest) === 200 && c.results.length === 2)).toBe(true);
    expect(events).toEqual([expect.objectContaining({ reason: "manual", keys: 2, cells: 15, requests: 2, failed: 0 })]);
  });

  it("cancelled invocations stop listening: no values after onCanceled, and they are not counted", async () => {
    const cells = Array.from({ length: 4 }, () => bench.cell("DATASET", "avs"));
    await Promise.all(cells.map((c) => c.result()));
    cells[0]!.cancel();
    cells[1]!.cancel();
    api.bump();
    await expect(bench.runtime.refreshAll()).resolves.toEqual({ cells: 2, requests: 1, failures: [], held: 0 });
    expect(cells.map((c) => c.results.length)).toEqual([1, 1, 2, 2]);
    expect(cells.map((c) => c.lateResults)).toEqual([0, 0, 0, 0]);
    expect(bench.runtime.cacheStats().liveCells).toBe(2);
  });

  it("a cell cancelled while its request is in flight never receives the answer", async () => {
    const release = api.hold();
    const cell = bench.cell("DATASET", "avs");
    await settle();
    cell.cancel();
    release();
    await settle(10);
    expect(cell.results).toEqual([]);
    expect(cell.lateResults).toBe(0);
  });

  it("Refresh All leaves stored execution results alone (they never change) and forgets unused entries", async () => {
    const run = bench.cell("RESULTS", "01EXEC");
    const gone = bench.cell("DATASET", "dex", "gnosis");
    await Promise.all([run.result(), gone.result()]);
    gone.cancel();
    bench.fetch.reset();
    await expect(bench.runtime.refreshAll()).resolves.toEqual({ cells: 0, requests: 0, failures: [], held: 0 });
    expect(bench.fetch.count).toBe(0);
    expect(bench.runtime.cacheStats().entries).toBe(1);
  });

  it("signing out pushes the sign-in message into live cells; signing in brings the values back", async () => {
    const cell = bench.cell("DATASET", "avs");
    await cell.result();
    await bench.session.signOut();
    expect(errorOf(await cell.result(2))).toMatchObject({
      code: "#VALUE!",
      message: "Sign in from the Service task pane to use SERVICE functions",
    });
    await bench.session.signIn(FAKE_KEY);
    expect(tvl(await cell.result(3))).toBe(100);
  });

  it("no stored key: cells say how to sign in, without any request", async () => {
    bench.close();
    bench = workbench(metadata, { baseUrl: BASE, fetch: api.fetch });
    const cell = bench.cell("DATASET", "avs");
    expect(errorOf(await cell.result())).toMatchObject({
      code: "#VALUE!",
      message: "Sign in from the Service task pane to use SERVICE functions",
    });
    expect(bench.fetch.count).toBe(0);
    await bench.session.signIn(FAKE_KEY);
    expect(tvl(await cell.result(2))).toBe(100);
  });

  it("idle entries are evicted past the cache budget; entries live cells show are kept", async () => {
    bench.close();
    bench = workbench(metadata, { baseUrl: BASE, apiKey: FAKE_KEY, fetch: api.fetch, runtime: { cacheMaxBytes: 60 } });
    const kept = bench.cell("DATASET", "dex", "base");
    await kept.result();
    const idle = bench.cell("DATASET", "dex", "celo");
    await idle.result();
    idle.cancel();
    await bench.cell("DATASET", "dex", "scroll").result();
    const keys = bench.runtime.cacheStats().entries;
    expect(keys).toBe(2);
    await bench.cell("DATASET", "dex", "base").result();
    expect(bench.fetch.paths.filter((p) => p.endsWith("/base"))).toHaveLength(1);
  });
});

describe("STATUS cancelled before the session was read", () => {
  it("never starts polling", async () => {
    const metadata = await generatedMetadata();
    let release = (): void => undefined;
    const ready = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi();
    const bench = workbench(metadata, { baseUrl: BASE, apiKey: FAKE_KEY, fetch: api.fetch, runtime: { ready } });
    try {
      const cell = bench.cell("STATUS", "01EXEC");
      cell.cancel();
      release();
      await settle(10);
      expect(bench.fetch.count).toBe(0);
      expect(cell.results).toEqual([]);
    } finally {
      bench.close();
    }
  });
});

describe("auto-refresh after a failed refresh", () => {
  const MIN = 60_000;
  it("tries again at growing intervals up to a cap, and a success goes back to the schedule and resets them", async () => {
    const metadata = await generatedMetadata();
    const api = fakeApi();
    let down = false;
    const fetch: typeof api.fetch = async (url, init) =>
      down ? new Response(JSON.stringify({ error: "Internal error" }), { status: 500 }) : api.fetch(url, init);
    const bench = workbench(metadata, { baseUrl: BASE, apiKey: FAKE_KEY, fetch });
    bench.runtime.queries.setBudget(100);
    try {
      const cell = bench.cell("DATASET", "avs");
      await cell.result();
      const next = (): number => [...bench.runtime.autoRefreshSchedule().values()][0]!;
      const at = (iso: string): number => Date.parse(iso);
      expect(next()).toBe(at("2024-06-01T10:15:30.000Z"));

      down = true;
      const gaps: number[] = [];
      let last = next();
      await bench.clock.advanceSettling(last - bench.clock.now());
      // The failed refresh keeps the rows the cell had, its header cell saying why.
      expect(matrixOf(cell.latest)[1]![1]).toBe(100);
      expect(errorOf(matrixOf(cell.latest)[0]![0]).message).toMatch(/^Refresh failed, the data shown was fetched /);
      for (let i = 0; i < 7; i++) {
        const due = next();
        gaps.push((due - last) / MIN);
        last = due;
        await bench.clock.advanceSettling(due - bench.clock.now());
      }
      expect(gaps).toEqual([1, 2, 4, 8, 15, 15, 15]);
      expect(bench.fetch.count).toBe(1 + 8);

      down = false;
      api.bump();
      const retryAt = next();
      await bench.clock.advanceSettling(retryAt - bench.clock.now());
      expect(matrixOf(cell.latest)[1]![1]).toBe(200);
      // Back on the dataset's schedule: 30 s after its next refresh (every 15 minutes) following the success.
      expect(bench.clock.now()).toBe(at("2024-06-01T11:30:30.000Z"));
      expect(next()).toBe(at("2024-06-01T11:45:30.000Z"));
      // A later failure starts the ladder again at its first step.
      down = true;
      await bench.clock.advanceSettling(next() - bench.clock.now());
      expect(next() - bench.clock.now()).toBe(1 * MIN);
    } finally {
      bench.close();
    }
  });
});

describe("a refresh that fails (the service unreachable)", () => {
  let metadata: FunctionsMetadata;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });

  /** A bench whose service can be switched off: every request then fails as an unreachable host does. */
  function benchWithOutage() {
    const api = fakeApi();
    const state = { down: false };
    const fetch: typeof api.fetch = async (url, init) => {
      if (state.down) throw new TypeError("fetch failed");
      return api.fetch(url, init);
    };
    return { api, state, bench: workbench(metadata, { baseUrl: BASE, apiKey: FAKE_KEY, fetch }) };
  }

  it("Refresh All keeps every cell's values, says in each spill's header why and when its rows were fetched, and reports the failures by request and cells", async () => {
    const { api, state, bench } = benchWithOutage();
    try {
      const avs = [bench.cell("DATASET", "avs"), bench.cell("DATASET", "avs")];
      const dex = bench.cell("DATASET", "dex", "base");
      const plain = bench.cell("DATASET", "dex", "celo", "headers=false");
      await Promise.all([...avs, dex, plain].map((c) => c.result()));
      const before = [...avs, dex, plain].map((c) => matrixOf(c.latest).slice(1));
      const fetchedAt = bench.clock.now();
      bench.clock.advance(5 * MINUTE);
      api.bump();
      state.down = true;
      const events: { failed: number }[] = [];
      bench.runtime.onRefresh((event) => events.push(event));

      const summary = await bench.runtime.refreshAll();

      expect(summary.cells).toBe(4);
      expect(summary.failures).toHaveLength(3);
      expect(summary.failures).toContainEqual({
        label: "DATASET restaking/avs-stats",
        cells: 2,
        message: "Cannot reach the service; check the connection and the service address.",
        kept: true,
        fetchedAt,
      });
      expect(summary.failures.map((f) => f.label).sort()).toEqual(
        ["DATASET restaking/avs-stats", "DATASET dex/pairs/base", "DATASET dex/pairs/celo"].sort(),
      );
      expect(events).toEqual([expect.objectContaining({ failed: 3 })]);
      // Rows intact (the header row aside), nothing became #N/A.
      const cells = [...avs, dex, plain];
      cells.forEach((c, i) => expect(matrixOf(c.latest).slice(1)).toEqual(before[i]));
      const note = errorOf(matrixOf(dex.latest)[0]![0]);
      expect(note.code).toBe("#N/A");
      expect(note.message).toMatch(
        /^Refresh failed, the data shown was fetched 2024-06-01 10:07 UTC \(5 minutes ago\)\./,
      );
      // Without a header row there is no cell to carry the note: the rows stay exactly as they were.
      expect(matrixOf(plain.latest)).toEqual(matrixOf(plain.results[0]));

      // The service back: the next Refresh All brings new values and reports nothing.
      state.down = false;
      const again = await bench.runtime.refreshAll();
      expect(again.failures).toEqual([]);
      expect(matrixOf(dex.latest)[1]![1]).toBe(200);
      expect(typeof matrixOf(dex.latest)[0]![0]).toBe("string");
    } finally {
      bench.close();
    }
  });

  it("a cell that never had rows shows the failure itself, and is reported as not keeping values", async () => {
    const { state, bench } = benchWithOutage();
    try {
      state.down = true;
      const cell = bench.cell("DATASET", "avs");
      expect(errorOf(await cell.result()).code).toBe("#N/A");
      const summary = await bench.runtime.refreshAll();
      expect(summary.failures).toEqual([
        expect.objectContaining({ label: "DATASET restaking/avs-stats", cells: 1, kept: false }),
      ]);
      expect(errorOf(cell.latest).code).toBe("#N/A");
    } finally {
      bench.close();
    }
  });
});
