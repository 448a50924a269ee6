import { subtractCredits } from "../../src/billing";
import { getBinding, listBindings, saveBinding } from "../../src/excel";
import { InsertController } from "../../src/taskpane/logic/insert-controller";
import { refreshAll, refreshSummary } from "../../src/taskpane/logic/refresh-all";
import { RefreshController } from "../../src/taskpane/logic/refresh-controller";
import type { RefreshPlan } from "../../src/taskpane/logic/refresh-plan";
import { rerunCost } from "../../src/taskpane/logic/refresh-tables";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane, type TestPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ datasets: true });
});
afterAll(() => service.close());

const DAYS = (n: number) => ({ symbol: "ARB", days: String(n), since: "2024-02-01", interval: "day" });

/** Runs query 1001 for `days` days (the latest result the "latest" refresh fetches), inserts it as a table at A1. */
async function insertQueryTable(pane: TestPane, days: number) {
  const run = await pane.session.client().run(1001, { parameters: DAYS(days) });
  const insert = new InsertController(pane.deps);
  const end = await insert.insert(
    { kind: "execution", executionId: run.executionId, queryId: 1001, parameters: DAYS(days), performance: "medium" },
    { destination: "selection", asTable: true, headers: true },
  );
  expect(end.phase).toBe("complete");
  await pane.wb.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("A40").values = [["note below the table"]];
    await context.sync();
  });
  return end.tableName!;
}

function noteRow(pane: TestPane): number {
  for (let r = 1; r <= 80; r++)
    if (pane.wb.inspect.values("Sheet1", `A${r}`)[0]![0] === "note below the table") return r;
  return -1;
}

describe("refresh of bound tables", () => {
  test("a query-bound table takes the latest result of its inputs: rows grow, then shrink, and what is below moves with them", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const name = await insertQueryTable(pane, 7);
    expect(pane.wb.inspect.tables()[0]!.address).toBe("Sheet1!A1:D8");
    const rebind = async (days: number) => {
      const binding = getBinding(pane.deps.settings, name)!;
      await saveBinding(pane.deps.settings, { ...binding, params: DAYS(days) }, { now: pane.deps.clock.now() });
    };

    await pane.session.client().run(1001, { parameters: DAYS(30) });
    await rebind(30);
    let [outcome] = (await refreshAll(pane.deps, { mode: "latest" })).tables;
    expect(outcome).toMatchObject({ tableName: name, status: "refreshed", rows: 30 });
    expect(pane.wb.inspect.tables()[0]!.address).toBe("Sheet1!A1:D31");
    expect(pane.wb.inspect.values("Sheet1", "A31:B31")).toEqual([["ARB", expect.anything()]]);
    expect(noteRow(pane)).toBe(40 + 23);

    await pane.session.client().run(1001, { parameters: DAYS(3) });
    await rebind(3);
    [outcome] = (await refreshAll(pane.deps, { mode: "latest" })).tables;
    expect(outcome).toMatchObject({ status: "refreshed", rows: 3 });
    expect(pane.wb.inspect.tables()[0]!.address).toBe("Sheet1!A1:D4");
    expect(pane.wb.inspect.values("Sheet1", "A5:D5")).toEqual([["", "", "", ""]]); // no stale rows under new ones
    expect(noteRow(pane)).toBe(40 - 4);
    expect(getBinding(pane.deps.settings, name)).toMatchObject({
      address: "Sheet1!A1:D4",
      refreshedAt: expect.any(String),
    });
  });

  test("a table keeps its own inputs: a later run of other inputs never reaches it; no run of its inputs keeps its rows and offers the priced re-run", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const inputs = { symbol: "UNI", days: "5", since: "2024-03-01", interval: "day" };
    const run = await pane.session.client().run(1001, { parameters: inputs });
    const insert = new InsertController(pane.deps);
    const end = await insert.insert(
      { kind: "execution", executionId: run.executionId, queryId: 1001, parameters: inputs, performance: "medium" },
      { destination: "selection", asTable: true, headers: true, caption: true },
    );
    expect(end.phase).toBe("complete");
    const name = end.tableName!;
    expect(getBinding(pane.deps.settings, name)!.params).toEqual(inputs);
    const rowsBefore = pane.wb.inspect.values("Sheet1", "A3:D7");

    // Someone runs the same query with other inputs: the latest run of the query is now theirs.
    await pane.session.client().run(1001, { parameters: { ...inputs, symbol: "LINK", days: "9" } });
    const result = await refreshAll(pane.deps, { mode: "latest" });
    expect(result.tables[0]).toMatchObject({ tableName: name, status: "refreshed", rows: 5 });
    expect(pane.wb.inspect.values("Sheet1", "A3:D7")).toEqual(rowsBefore);
    expect(pane.wb.inspect.values("Sheet1", "A3:A7").flat()).toEqual(Array(5).fill("UNI"));
    const caption = String(pane.wb.inspect.values("Sheet1", "A1")[0]![0]);
    expect(caption).toContain("latest result of these inputs (days=5, interval=day, since=2024-03-01, symbol=UNI)");
    expect(getBinding(pane.deps.settings, name)!.source).toMatchObject({ kind: "latest", parameters: inputs });

    // Inputs nobody ran (since then, or ever): nothing is read into the table, it says so and what a re-run costs.
    const binding = getBinding(pane.deps.settings, name)!;
    const unrun = { ...inputs, symbol: "DAI" };
    await saveBinding(pane.deps.settings, { ...binding, params: unrun }, { now: pane.deps.clock.now() });
    const none = await refreshAll(pane.deps, { mode: "latest" });
    expect(none.tables[0]).toMatchObject({ tableName: name, status: "no-result", rows: 0 });
    expect(none.tables[0]!.message).toContain(
      "no result for these inputs (days=5, interval=day, since=2024-03-01, symbol=DAI)",
    );
    expect(none.tables[0]!.message).toMatch(/Tick "Re-run queries" to run query 1001 with them \(\d/);
    expect(pane.wb.inspect.values("Sheet1", "A3:D7")).toEqual(rowsBefore);
    const summary = refreshSummary(none);
    expect(summary).toContain("0 of 1 table refreshed");
    expect(summary).toContain("no result for these inputs");
  });

  test("re-running a query-bound table asks first, listing the run and the read with their costs; declined spends nothing", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const name = await insertQueryTable(pane, 4);
    const binding = getBinding(pane.deps.settings, name)!;
    await saveBinding(
      pane.deps.settings,
      {
        ...binding,
        params: DAYS(12),
        options: { ...binding.options, performance: "large" },
      },
      { now: pane.deps.clock.now() },
    );
    const estimate = (id: number, tier: "auto" | "small" | "medium" | "large") =>
      pane.session.estimateExecution(id, tier);
    expect(rerunCost(listBindings(pane.deps.settings), estimate)).toEqual({ tables: 1, credits: 20 });
    const asked: RefreshPlan[] = [];
    const spent = pane.session.usage.snapshot().creditsSpent;

    let refresh = new RefreshController(pane.deps, async (plan) => (asked.push(plan), false));
    let end = await refresh.refresh("rerun");
    const read = pane.session.estimateRead(`table:${name}`)!.credits;
    expect(asked).toEqual([
      {
        items: [
          { kind: "run", what: `run query 1001 (large) for table ${name}`, credits: 20 },
          { kind: "read", what: `table ${name}`, credits: read },
        ],
        total: 20 + read,
        unknown: 0,
      },
    ]);
    expect(end).toMatchObject({
      phase: "done",
      outcomes: [],
      message: "Nothing refreshed: declined, no credits spent.",
    });
    expect(pane.session.usage.snapshot().creditsSpent).toBe(spent);
    expect(pane.wb.inspect.tables()[0]!.address).toBe("Sheet1!A1:D5");

    const before = pane.session.usage.snapshot();
    refresh = new RefreshController(pane.deps, async () => true);
    end = await refresh.refresh("rerun");
    expect(end.outcomes).toEqual([expect.objectContaining({ status: "refreshed", rows: 12 })]);
    expect(end.message).toBe("1 of 1 table refreshed.");
    // The run, and the read of its 12 rows (more than the 4 rows the estimate knew: its first page told).
    const after = pane.session.usage.snapshot();
    expect(after.executionCredits - before.executionCredits).toBe(20);
    expect(after.readCredits).toBeGreaterThan(before.readCredits);
    expect(pane.wb.inspect.tables()[0]!.address).toBe("Sheet1!A1:D13");
    const executionId = getBinding(pane.deps.settings, name)!.options!.executionId;
    expect(executionId).not.toBe(binding.options!.executionId);
  });

  test("Refresh All's estimate of its reads equals what the service charged for them, within a page's rounding", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    await insertQueryTable(pane, 30);
    pane.wb.select("Sheet1", "H1");
    const dataset = await new InsertController(pane.deps).insert(
      { kind: "dataset", name: "avs", args: [], params: { limit: 20 } },
      { destination: "selection", asTable: true, headers: true },
    );
    expect(dataset.phase).toBe("complete");
    const charged = async () => (await pane.session.client().usage()).billing_periods[0]!.credits_used;
    const refreshOnce = async () => {
      const before = await charged();
      const asked: RefreshPlan[] = [];
      const end = await new RefreshController(pane.deps, async (plan) => (asked.push(plan), true)).refresh("latest");
      expect(end.outcomes.map((o) => o.status)).toEqual(["refreshed", "refreshed"]);
      return { plan: asked[0]!, spent: subtractCredits(await charged(), before) };
    };
    // The first time, the query's table (its latest result, read as CSV) is priced at what its insert read as JSON,
    // which the CSV of the same rows does not exceed: an upper bound. The dataset's table at what its insert read.
    const first = await refreshOnce();
    expect(first.plan.unknown).toBe(0);
    expect(first.plan.total).toBeGreaterThanOrEqual(first.spent);
    // From then on each read is priced at its own last size, and the total is what the service charged.
    const second = await refreshOnce();
    expect(second.plan.unknown).toBe(0);
    expect(second.plan.total).toBeGreaterThan(0);
    expect(Math.abs(second.spent - second.plan.total)).toBeLessThanOrEqual(0.01 * second.plan.items.length);
  });

  test("a dataset-bound table is fetched again with its arguments and options", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const insert = new InsertController(pane.deps);
    const end = await insert.insert(
      {
        kind: "dataset",
        name: "dex",
        args: ["base"],
        params: { columns: "token_pair,usd_liquidity", sort_by: "usd_liquidity desc", limit: 5 },
      },
      { destination: "selection", asTable: true, headers: true },
    );
    expect(end).toMatchObject({ phase: "complete", rowsWritten: 5, address: "Sheet1!A1:B6" });
    const binding = getBinding(pane.deps.settings, end.tableName!)!;
    expect(binding).toMatchObject({
      kind: "dataset",
      id: "dex",
      args: { chain: "base" },
      params: { limit: 5, sort_by: "usd_liquidity desc" },
    });
    for (const [limit, address] of [
      [9, "Sheet1!A1:B10"],
      [2, "Sheet1!A1:B3"],
    ] as const) {
      await saveBinding(
        pane.deps.settings,
        {
          ...getBinding(pane.deps.settings, end.tableName!)!,
          params: { ...binding.params, limit },
        },
        { now: pane.deps.clock.now() },
      );
      const [outcome] = (await refreshAll(pane.deps, { mode: "latest" })).tables;
      expect(outcome).toMatchObject({ status: "refreshed", rows: limit });
      expect(pane.wb.inspect.tables()[0]!.address).toBe(address);
    }
    const liquidity = pane.wb.inspect.values("Sheet1", "B2:B3").map((r) => r[0] as number);
    expect(liquidity[0]).toBeGreaterThanOrEqual(liquidity[1]!);
  });

  test("refreshBoundTables asks too when called directly; declined, no table is touched", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    await insertQueryTable(pane, 2);
    const credits = pane.session.usage.snapshot().creditsSpent;
    const result = await refreshAll(pane.deps, { mode: "rerun", confirmRerun: async () => false });
    expect(result.tables).toEqual([
      expect.objectContaining({ status: "cancelled", message: "Not refreshed: re-run declined." }),
    ]);
    expect(pane.session.usage.snapshot().creditsSpent).toBe(credits);
  });

  test("a table that is gone fails with a message; the functions' refresh runs first and its failure is reported", async () => {
    const calls: string[] = [];
    const pane = await testPane(service.url, {
      apiKey: TEST_KEYS.demo,
      refreshFunctions: async () => {
        calls.push("functions");
        throw new Error("cells busy");
      },
    });
    const name = await insertQueryTable(pane, 2);
    await pane.wb.run(async (context) => {
      context.workbook.tables.getItem(name).delete();
      await context.sync();
    });
    const result = await refreshAll(pane.deps, { mode: "latest" });
    expect(calls).toEqual(["functions"]);
    expect(result.functions).toEqual({ status: "failed", message: "cells busy" });
    expect(result.tables).toEqual([
      expect.objectContaining({ status: "failed", message: expect.stringMatching(/no longer in this workbook/) }),
    ]);
    expect(refreshSummary(result)).toBe("SERVICE cells failed: cells busy; 0 of 1 table refreshed; 1 failed.");
  });

  test("the functions' refresh reporting failed requests is no longer 'refreshed': the failures are the result", async () => {
    const failure = { label: "DATASET dex/pairs/base", cells: 3, message: "Cannot reach the service.", kept: true };
    const pane = await testPane(service.url, {
      apiKey: TEST_KEYS.demo,
      refreshFunctions: async () => ({ cells: 3, requests: 1, failures: [failure] }),
    });
    const result = await refreshAll(pane.deps, { mode: "latest" });
    expect(result.functions).toEqual({ status: "failed", failures: [failure], requests: 1 });
    expect(refreshSummary(result)).toBe(
      "1 SERVICE request (3 cells) could not be refreshed and keep their values: DATASET dex/pairs/base (3 cells): " +
        "Cannot reach the service; no bound tables.",
    );
  });

  test.each([
    [{ functions: { status: "refreshed" as const }, tables: [] }, "SERVICE cells refreshed; no bound tables."],
    [{ functions: { status: "unavailable" as const }, tables: [] }, "No bound tables."],
    [
      {
        functions: {
          status: "failed" as const,
          failures: [
            {
              label: "DATASET restaking/avs-stats",
              cells: 2,
              message: "Cannot reach the service; check the connection and the service address.",
              kept: true,
              fetchedAt: Date.parse("2026-03-01T10:00:00Z"),
            },
            { label: "RESULTS of query 1001", cells: 1, message: "The query's run failed.", kept: false },
          ],
        },
        tables: [],
      },
      "2 SERVICE requests (3 cells) could not be refreshed and keep their values where they had any: " +
        "DATASET restaking/avs-stats (2 cells, showing data fetched 2026-03-01 10:00 UTC): Cannot reach the service; " +
        "check the connection and the service address; RESULTS of query 1001 (1 cell): The query's run failed; " +
        "no bound tables.",
    ],
  ])("summary %#", (result, text) => {
    expect(refreshSummary(result)).toBe(text);
  });
});

describe("an insert's cost, asked before the rest is read", () => {
  test("not asked when the first rows are all the rows asked for (a limit the service pages past)", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const asked: number[] = [];
    const insert = new InsertController(pane.deps, async (cost) => (asked.push(cost.rows), true));
    const end = await insert.insert(
      { kind: "dataset", name: "dex", args: ["ethereum"], params: { limit: 3 } },
      { destination: "selection", asTable: true, headers: true },
    );
    expect(end).toMatchObject({ phase: "complete", rowsWritten: 3 });
    expect(asked).toEqual([]);
  });
});
