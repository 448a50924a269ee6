import type { FetchLike } from "../../src/client";
import { listUploadBindings } from "../../src/excel";
import { planLines, planQuestion, type RefreshPlan } from "../../src/taskpane/logic/refresh-plan";
import { RefreshController } from "../../src/taskpane/logic/refresh-controller";
import { readSelection } from "../../src/taskpane/logic/upload/selection-read";
import { UploadFormController } from "../../src/taskpane/logic/upload/upload-form";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { ManualClock } from "../support/manual-clock";
import { testPane, type TestPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ datasets: true });
});
afterAll(() => service.close());

/** Headers, then `rows` rows of [i, label(i)], at A1 of Sheet1. */
async function fill(pane: TestPane, headers: string[], rows: number, label: (i: number) => string): Promise<void> {
  await pane.wb.run(async (context) => {
    const values: (string | number)[][] = [headers];
    for (let i = 0; i < rows; i++) values.push([i, label(i)]);
    context.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, values.length, 2).values = values;
    await context.sync();
  });
}

/** A pane whose requests to change uploaded tables are listed ("POST …/clear", "POST …/insert"). */
async function pane(): Promise<{ pane: TestPane; writes: string[] }> {
  const writes: string[] = [];
  const fetch: FetchLike = (input, init) => {
    if ((init.method ?? "GET") !== "GET" && /\/(clear|insert)$/.test(String(input)))
      writes.push(String(input).replace(/^.*\/uploads\//, ""));
    return globalThis.fetch(input, init);
  };
  const p = await testPane(service.url, {
    apiKey: TEST_KEYS.demo,
    fetch,
    clock: new ManualClock(Date.UTC(2026, 10, 1)),
  });
  return { pane: p, writes };
}

async function upload(p: TestPane, tableName: string, select: string, action: "create" | "append" = "create") {
  p.wb.select("Sheet1", select);
  const form = new UploadFormController({ ...p.deps, readSelection: () => readSelection(p.wb.run) });
  await form.readSelection();
  form.setTableName(tableName);
  form.setNamespace("demo");
  if (action === "append")
    form.setTables((await p.session.client().listUploads()).tables.filter((t) => t.tableName === tableName));
  return form.upload(action);
}

async function labels(p: TestPane, tableName: string): Promise<unknown[]> {
  const client = p.session.client();
  const run = await client.runSql(`select label from dune.demo.${tableName} order by id`);
  return ((await client.results(run.executionId)).result?.rows ?? []).map((r) => (r as { label: unknown }).label);
}

test("an upload from a range is remembered (no key) and Refresh All re-uploads it only with re-runs, after its priced confirmation", async () => {
  const { pane: p, writes } = await pane();
  await fill(p, ["id", "label"], 3, (i) => `a${i}`);
  const sent = await upload(p, "reup_labels", "A1:B4");
  expect(sent.message).toMatch(/Refresh All with "Re-run queries" can send Sheet1!A1:B4 again\.$/);
  expect(listUploadBindings(p.deps.settings)).toEqual([
    {
      address: "Sheet1!A1:B4",
      namespace: "demo",
      tableName: "reup_labels",
      columns: [
        { name: "id", type: "bigint" },
        { name: "label", type: "varchar" },
      ],
      bytes: expect.any(Number) as number,
      uploadedAt: "2026-11-01T00:00:00.000Z",
    },
  ]);
  const stored = JSON.stringify(p.deps.settings.get("service.uploadBinding.demo.reup_labels"));
  expect(stored).toContain("Sheet1!A1:B4");
  expect(stored).not.toContain(TEST_KEYS.demo);
  writes.length = 0;

  // Without re-runs there is nothing to do, and the pane says which box sends the range again.
  const asked: RefreshPlan[] = [];
  const latest = await new RefreshController(p.deps, async (plan) => (asked.push(plan), true)).refresh("latest");
  expect(latest.message).toBe(
    'Nothing to refresh without re-runs: tick "Re-run queries" to re-upload 1 uploaded table.',
  );
  expect(asked).toEqual([]);

  await fill(p, ["id", "label"], 3, (i) => `b${i}`);
  const declined = await new RefreshController(p.deps, async (plan) => (asked.push(plan), false)).refresh("rerun");
  expect(declined.message).toBe("Nothing refreshed: declined, no credits spent.");
  expect(planLines(asked[0]!)).toEqual(["Re-upload: Sheet1!A1:B4 to dune.demo.reup_labels (replace) — 1 credit"]);
  expect(planQuestion(asked[0]!)).toBe(
    "Refresh All will make 0 reads and re-upload 1 table (replacing their rows): an estimated 1 credit. Go ahead?",
  );
  expect(writes).toEqual([]);
  expect(await labels(p, "reup_labels")).toEqual(["a0", "a1", "a2"]);

  const done = await new RefreshController(p.deps, async () => true).refresh("rerun");
  expect(writes).toEqual(["demo/reup_labels/clear", "demo/reup_labels/insert"]);
  expect(done.message).toMatch(/1 of 1 uploaded table re-uploaded\.$/);
  expect(await labels(p, "reup_labels")).toEqual(["b0", "b1", "b2"]);
});

test("a changed header row refuses the re-upload with a message, and nothing is sent", async () => {
  const { pane: p, writes } = await pane();
  await fill(p, ["id", "label"], 2, (i) => `a${i}`);
  await upload(p, "reup_header", "A1:B3");
  await fill(p, ["id", "name"], 2, (i) => `b${i}`);
  writes.length = 0;
  const done = await new RefreshController(p.deps, async () => true).refresh("rerun");
  expect(writes).toEqual([]);
  expect(done.outcomes).toEqual([
    {
      tableName: "dune.demo.reup_header",
      status: "failed",
      rows: 0,
      message:
        "dune.demo.reup_header: the header row of Sheet1!A1:B3 now gives the columns id, name; id, label were " +
        "uploaded. Put the headers back, or upload it again from the Tables tab. Nothing was sent; it keeps its rows.",
    },
  ]);
  expect(done.message).toMatch(/0 of 1 uploaded table re-uploaded; 1 failed\.$/);
  expect(await labels(p, "reup_header")).toEqual(["a0", "a1"]);
});

test("a value the column's type cannot hold refuses the re-upload before anything is sent", async () => {
  const { pane: p, writes } = await pane();
  await fill(p, ["id", "label"], 2, (i) => `a${i}`);
  await upload(p, "reup_types", "A1:B3");
  await p.wb.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("A3").values = [["not a number"]];
    await context.sync();
  });
  writes.length = 0;
  const done = await new RefreshController(p.deps, async () => true).refresh("rerun");
  expect(writes).toEqual([]);
  expect(done.outcomes[0]?.message).toBe(
    'dune.demo.reup_types: Row 3 of "id" is "not a number", not a bigint: choose another type or fix the cell. ' +
      "Nothing was sent; it keeps its rows.",
  );
});

test("an Append forgets the range: the table then holds more than it, and a re-upload would replace the rest", async () => {
  const { pane: p } = await pane();
  await fill(p, ["id", "label"], 2, (i) => `a${i}`);
  await upload(p, "reup_append", "A1:B3");
  expect(listUploadBindings(p.deps.settings)).toHaveLength(1);
  const appended = await upload(p, "reup_append", "A1:B3", "append");
  expect(appended.message).toMatch(/Refresh All no longer re-uploads it: it now holds more than one range\.$/);
  expect(listUploadBindings(p.deps.settings)).toEqual([]);
});

test("a range uploaded from an Excel table is read again as the table is now, grown rows included", async () => {
  const { pane: p } = await pane();
  await fill(p, ["id", "label"], 2, (i) => `a${i}`);
  await p.wb.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").tables.add("A1:B3", true).name = "Labels";
    await context.sync();
  });
  const sent = await upload(p, "reup_table", "A2");
  expect(sent.message).toMatch(/can send Labels again\.$/);
  await fill(p, ["id", "label"], 3, (i) => `b${i}`);
  await p.wb.run(async (context) => {
    context.workbook.tables.getItem("Labels").resize("Sheet1!A1:B4");
    await context.sync();
  });
  const asked: RefreshPlan[] = [];
  await new RefreshController(p.deps, async (plan) => (asked.push(plan), true)).refresh("rerun");
  expect(planLines(asked[0]!)[0]).toMatch(/^Re-upload: Labels to dune\.demo\.reup_table \(replace\)/);
  expect(await labels(p, "reup_table")).toEqual(["b0", "b1", "b2"]);
  expect(listUploadBindings(p.deps.settings)[0]?.address).toBe("Sheet1!A1:B4");
});

test("a range whose sheet is gone is refused with a message, nothing sent", async () => {
  const { pane: p, writes } = await pane();
  await p.wb.run(async (context) => {
    context.workbook.worksheets.add("Wallets 2024");
    await context.sync();
  });
  await p.wb.run(async (context) => {
    context.workbook.worksheets.getItem("Wallets 2024").getRange("A1:B2").values = [
      ["id", "label"],
      [1, "a"],
    ];
    await context.sync();
  });
  p.wb.select("Wallets 2024", "A1:B2");
  const form = new UploadFormController({ ...p.deps, readSelection: () => readSelection(p.wb.run) });
  await form.readSelection();
  form.setTableName("reup_gone");
  form.setNamespace("demo");
  await form.upload("create");
  expect(listUploadBindings(p.deps.settings)[0]?.address).toBe("'Wallets 2024'!A1:B2");
  await p.wb.run(async (context) => {
    context.workbook.worksheets.getItem("Wallets 2024").delete();
    await context.sync();
  });
  writes.length = 0;
  const done = await new RefreshController(p.deps, async () => true).refresh("rerun");
  expect(writes).toEqual([]);
  expect(done.outcomes[0]?.message).toBe(
    "dune.demo.reup_gone: The sheet of 'Wallets 2024'!A1:B2 is no longer in this workbook. Nothing was sent; it keeps its rows.",
  );
});
