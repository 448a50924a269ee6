import { getBinding, saveBinding } from "../../src/excel";
import { tierCredits } from "../../src/service-cells";
import { InsertController } from "../../src/taskpane/logic/insert-controller";
import { refreshAll } from "../../src/taskpane/logic/refresh-all";
import { RefreshController } from "../../src/taskpane/logic/refresh-controller";
import type { RefreshPlan } from "../../src/taskpane/logic/refresh-plan";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane, type TestPane } from "./support/pane-deps";

// A SQL result inserted as a table is bound to its text: Refresh All reads its last run's result, and runs the text
// again only with "Re-run queries", priced in the confirmation like a query's table.
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ datasets: true });
});
afterAll(() => service.close());

const SQL = "select label from dune.demo.refresh_rows order by label";

async function addRows(pane: TestPane, labels: string[]): Promise<void> {
  await pane.session.client().insertRows("demo", "refresh_rows", { csv: `label\n${labels.join("\n")}\n` });
}

async function insertSqlTable(pane: TestPane): Promise<{ name: string; executionId: string }> {
  const client = pane.session.client();
  await client.createUpload({
    namespace: "demo",
    tableName: "refresh_rows",
    schema: [{ name: "label", type: "varchar" }],
  });
  await addRows(pane, ["a", "b"]);
  const run = await client.runSql(SQL, { performance: "small" });
  const end = await new InsertController(pane.deps).insert(
    { kind: "execution", executionId: run.executionId, sql: SQL, performance: "small" },
    { destination: "selection", asTable: true, headers: true },
  );
  expect(end.phase).toBe("complete");
  return { name: end.tableName!, executionId: run.executionId };
}

test("a SQL table is bound to its text; Refresh All reads its last result and runs nothing; a re-run is priced, asked, and runs the text", async () => {
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  const { name, executionId } = await insertSqlTable(pane);
  expect(getBinding(pane.deps.settings, name)).toMatchObject({
    kind: "sql",
    id: SQL,
    options: { executionId, performance: "small" },
  });
  await addRows(pane, ["c"]);

  // Without re-runs: the stored result of its last run, read again; no run is made (the row added since is not in it).
  let [outcome] = (await refreshAll(pane.deps, { mode: "latest" })).tables;
  expect(outcome).toMatchObject({ tableName: name, status: "refreshed", rows: 2 });

  // Re-run: the confirmation lists the run at its tier's price; declined, nothing is run.
  const asked: RefreshPlan[] = [];
  let refresh = new RefreshController(pane.deps, async (plan) => (asked.push(plan), false));
  await refresh.refresh("rerun");
  expect(asked[0]!.items[0]).toEqual({
    kind: "run",
    what: `run its SQL (small) for table ${name}`,
    credits: tierCredits("small"),
  });
  expect(refresh.rerunCost()).toMatchObject({ tables: 1, credits: tierCredits("small") });
  expect(pane.wb.inspect.values("Sheet1", "A1:A4")).toEqual([["label"], ["a"], ["b"], [""]]);

  // Confirmed: the text runs again and the table takes its new result.
  refresh = new RefreshController(pane.deps, async () => true);
  const end = await refresh.refresh("rerun");
  expect(end.outcomes).toEqual([expect.objectContaining({ status: "refreshed", rows: 3 })]);
  expect(pane.wb.inspect.values("Sheet1", "A1:A4")).toEqual([["label"], ["a"], ["b"], ["c"]]);
  const rebound = getBinding(pane.deps.settings, name)!;
  expect(rebound).toMatchObject({ kind: "sql", id: SQL });
  expect(rebound.options!.executionId).not.toBe(executionId);

  // Its last result gone: the refresh says a re-run is the way back, with its price, and keeps the rows.
  const gone = { ...rebound, options: { ...rebound.options, executionId: "01ARZ3NDEKTSV4RRFFQ69G5FAV" } };
  await saveBinding(pane.deps.settings, gone, { now: pane.deps.clock.now() });
  [outcome] = (await refreshAll(pane.deps, { mode: "latest" })).tables;
  expect(outcome).toMatchObject({ status: "no-result" });
  expect(outcome!.message).toMatch(/no longer stored\. Tick "Re-run queries" to run it again \(/);
  expect(pane.wb.inspect.values("Sheet1", "A4")).toEqual([["c"]]);
});
