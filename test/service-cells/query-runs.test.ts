import {
  LEGACY_QUERY_RUNS_SETTING,
  QUERY_RUNS_INDEX_SETTING,
  QueryRuns,
  RUN_RETENTION_MS,
  queryRunKey,
  runExpiresAt,
} from "../../src/service-cells/query-runs";
import { SharedDocument } from "../support/shared-document";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { TestDocument, type Workbench, generatedMetadata, workbench } from "../functions/support/harness";

const DAY = 24 * 3_600_000;

/** The workbook's remembered runs are written to its document settings; runs whose results have expired go then. */
describe("remembered runs in the document", () => {
  let metadata: FunctionsMetadata;
  let document: TestDocument;
  let bench: Workbench;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });
  beforeEach(() => {
    document = new TestDocument();
    bench = workbench(metadata, { baseUrl: "http://service.test", runtime: { runSettings: document.settings } });
  });
  afterEach(() => bench.close());

  const key = (symbol: string): string => queryRunKey(1001, { symbol }, "medium");
  /** The runs listed in the document, each in a setting of its own. */
  const stored = (): string[] => {
    const ids = (document.values.get(QUERY_RUNS_INDEX_SETTING) as string[] | undefined) ?? [];
    for (const id of ids) expect(document.values.get(`service.queryRun.${id}`)).toEqual(expect.any(Object));
    return ids;
  };

  it("a write drops the runs past their expiry (the service's expires_at, else 90 days after they ended)", () => {
    const runs = bench.runtime.queryRuns;
    const now = bench.clock.now();
    runs.record(key("OLD"), { executionId: "01OLD", finishedAt: now });
    runs.record(key("SOON"), { executionId: "01SOON", finishedAt: now, expiresAt: now + 2 * DAY });
    runs.record(key("KEPT"), { executionId: "01KEPT", finishedAt: now + 10 * DAY });
    expect(stored()).toEqual([key("OLD"), key("SOON"), key("KEPT")]);

    bench.clock.advance(3 * DAY);
    runs.record(key("NEW"), { executionId: "01NEW", finishedAt: bench.clock.now() });
    expect(stored()).toEqual([key("OLD"), key("KEPT"), key("NEW")]);
    expect(runs.get(key("SOON"))).toBeUndefined();

    bench.clock.advance(RUN_RETENTION_MS - 3 * DAY);
    runs.record(key("LAST"), { executionId: "01LAST", finishedAt: bench.clock.now() });
    expect(stored()).toEqual([key("KEPT"), key("NEW"), key("LAST")]);
  });

  it("a zero expiry kept by an older version (1970, epoch 0) is 'not known': 90 days after the end, not expired", () => {
    const runs = bench.runtime.queryRuns;
    const now = bench.clock.now();
    runs.record(key("ZERO"), { executionId: "01ZERO", finishedAt: now, expiresAt: 0 });
    expect(runExpiresAt({ executionId: "01ZERO", finishedAt: now, expiresAt: 0 })).toBe(now + RUN_RETENTION_MS);
    runs.record(key("NEXT"), { executionId: "01NEXT", finishedAt: now });
    expect(runs.get(key("ZERO"))).toMatchObject({ executionId: "01ZERO" });
  });

  it("a workbook saved when medium was the default keeps showing its runs in cells without performance= (now auto)", () => {
    const runs = bench.runtime.queryRuns;
    runs.record(key("OLDDEFAULT"), { executionId: "01MEDIUM", finishedAt: bench.clock.now() });
    expect(runs.get(queryRunKey(1001, { symbol: "OLDDEFAULT" }, "auto"))).toMatchObject({ executionId: "01MEDIUM" });
    // Only auto looks back: an explicit tier is its own run.
    expect(runs.get(queryRunKey(1001, { symbol: "OLDDEFAULT" }, "large"))).toBeUndefined();
    // A newer auto run wins.
    runs.record(queryRunKey(1001, { symbol: "OLDDEFAULT" }, "auto"), {
      executionId: "01AUTO",
      finishedAt: bench.clock.now(),
    });
    expect(runs.get(queryRunKey(1001, { symbol: "OLDDEFAULT" }, "auto"))).toMatchObject({ executionId: "01AUTO" });
  });

  it("entries it cannot read are left as they are (another version of the add-in may have written them)", () => {
    document.values.set(LEGACY_QUERY_RUNS_SETTING, { other: { note: "not a run" } });
    bench.runtime.queryRuns.record(key("NEW"), { executionId: "01NEW", finishedAt: bench.clock.now() });
    expect(stored()).toEqual(["other", key("NEW")]);
    expect(document.values.get("service.queryRun.other")).toEqual({ note: "not a run" });
  });

  it("runs kept in the older single setting are read, and moved into a setting each by the next run", () => {
    const now = bench.clock.now();
    document.values.set(LEGACY_QUERY_RUNS_SETTING, { [key("WETH")]: { executionId: "01WETH", finishedAt: now } });
    const runs = bench.runtime.queryRuns;
    expect(runs.get(key("WETH"))).toEqual({ executionId: "01WETH", finishedAt: now });
    runs.record(key("UNI"), { executionId: "01UNI", finishedAt: now });
    expect(stored()).toEqual([key("WETH"), key("UNI")]);
    expect(document.values.get(LEGACY_QUERY_RUNS_SETTING) ?? null).toBeNull();
    expect(runs.get(key("WETH"))).toEqual({ executionId: "01WETH", finishedAt: now });
  });
});

describe("remembered runs with two sessions of one workbook (co-authors)", () => {
  const key = (symbol: string): string => queryRunKey(1001, { symbol }, "medium");
  const NOW = Date.parse("2026-03-01T10:00:00Z");

  it("a run a co-author recorded after we opened the file survives our next run; each run is its own setting", async () => {
    const doc = new SharedDocument();
    const sessionA = doc.open("A");
    const sessionB = doc.open("B");
    const a = new QueryRuns(
      () => sessionA,
      () => NOW,
    );
    const b = new QueryRuns(
      () => sessionB,
      () => NOW,
    );
    b.record(key("WETH"), { executionId: "01FROMB", finishedAt: NOW });
    await doc.drain();
    a.record(key("UNI"), { executionId: "01FROMA", finishedAt: NOW });
    expect(a.get(key("UNI"))?.executionId).toBe("01FROMA"); // at once, before the save
    await doc.drain();
    const later = new QueryRuns(
      () => doc.open("C"),
      () => NOW,
    );
    expect([later.get(key("WETH"))?.executionId, later.get(key("UNI"))?.executionId]).toEqual(["01FROMB", "01FROMA"]);
    expect(a.get(key("WETH"))?.executionId).toBe("01FROMB"); // A read the document again before saving
    expect(doc.saved[`service.queryRun.${key("WETH")}`]).toEqual({ executionId: "01FROMB", finishedAt: NOW });
  });
});
