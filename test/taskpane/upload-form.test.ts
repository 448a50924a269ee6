import { UPLOAD_COLUMN_TYPES, type FetchLike } from "../../src/client";
import { listUploadBindings } from "../../src/excel";
import { tableNameProblem } from "../../src/taskpane/logic/upload/upload-checks";
import { overlap, readBlocks, readSelection } from "../../src/taskpane/logic/upload/selection-read";
import { UploadFormController } from "../../src/taskpane/logic/upload/upload-form";
import { UploadsListController } from "../../src/taskpane/logic/upload/uploads-list";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane, type TestPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ datasets: true });
});
afterAll(() => service.close());

const address = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

/** `rows` addresses with a label under the headers `Wallet address` and `Label`, at A1 of Sheet1. */
async function fillSheet(pane: TestPane, rows: number, extra: (i: number) => unknown[] = () => []): Promise<void> {
  await pane.wb.run(async (context) => {
    const values = [["Wallet address", "Label", ...extra(-1)]];
    for (let i = 0; i < rows; i++) values.push([address(i), `w${i}`, ...extra(i)] as string[]);
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.getRangeByIndexes(0, 0, values.length, values[0]!.length).values = values;
    await context.sync();
  });
}

function form(pane: TestPane): UploadFormController {
  return new UploadFormController({ ...pane.deps, readSelection: () => readSelection(pane.wb.run) });
}

test("the selection is read in blocks of at most 5,000 rows (fewer for wide rows); a whole column stops at its last value", async () => {
  expect(readBlocks({ row: 0, column: 0, rowCount: 12_001, columnCount: 2 }).map((b) => b.rowCount)).toEqual([
    5000, 5000, 2001,
  ]);
  expect(readBlocks({ row: 3, column: 1, rowCount: 4500, columnCount: 10 }).map((b) => [b.row, b.rowCount])).toEqual([
    [3, 2000],
    [2003, 2000],
    [4003, 500],
  ]);
  expect(
    overlap(
      { row: 0, column: 0, rowCount: 1_048_576, columnCount: 2 },
      { row: 0, column: 0, rowCount: 11, columnCount: 5 },
    ),
  ).toEqual({ row: 0, column: 0, rowCount: 11, columnCount: 2 });

  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  await fillSheet(pane, 12_000);
  pane.wb.select("Sheet1", "A:B");
  const syncs = pane.wb.stats.syncs;
  const read = (await readSelection(pane.wb.run))!;
  expect(read.address).toBe("Sheet1!A1:B12001");
  expect(read.headers).toEqual(["Wallet address", "Label"]);
  expect(read.rows).toHaveLength(12_000);
  expect(read.rows[11_999]).toEqual([address(11_999), "w11999"]);
  expect(pane.wb.stats.syncs - syncs).toBe(1 + 3); // where the selection is, then three blocks of rows
});

test("one cell selected inside an Excel table reads the table", async () => {
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  await fillSheet(pane, 20);
  await pane.wb.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").tables.add("A1:B21", true).name = "Wallets";
    await context.sync();
  });
  pane.wb.select("Sheet1", "B7");
  const read = (await readSelection(pane.wb.run))!;
  expect(read).toMatchObject({ address: "Sheet1!A1:B21", label: "Wallets" });
  expect(read.rows).toHaveLength(20);
});

test("the form names and types the columns, prices the upload, and refuses bad input before anything is sent", async () => {
  const sent: string[] = [];
  const fetch: FetchLike = (input, init) => (
    sent.push(`${init.method ?? "GET"} ${input}`),
    globalThis.fetch(input, init)
  );
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, fetch });
  await fillSheet(pane, 3, (i) => (i < 0 ? ["Amount", "Amount"] : [i === 1 ? "n/a" : i, i === 2 ? "#N/A" : 1.5]));
  pane.wb.select("Sheet1", "A1:D4");
  const f = form(pane);
  let s = await f.readSelection();
  expect(s.columns.map((c) => [c.name, c.type, c.mixed])).toEqual([
    ["Wallet_address", "varchar", false],
    ["Label", "varchar", false],
    ["Amount", "varchar", true],
    ["Amount", "double", false],
  ]);
  expect(s).toMatchObject({ rowCount: 3, tableName: "sheet1", isPrivate: true, namespace: "" });
  expect(s.estimate).toMatchObject({ credits: 2, tooLarge: false });
  expect(s.problems).toEqual([
    'Columns 3 and 4 are both named "Amount": rename one.',
    'Row 4 of "Amount" shows an error (#N/A): fix it or clear it.',
    'Column "Amount" holds values of more than one kind (numbers and text): confirm it goes as text, or fix its cells.',
    "The namespace (your user or team name) is empty: write one.",
  ]);
  await f.setType(1, "bigint");
  expect(f.store.state.problems).toContain(
    'Row 2 of "Label" is "w0", not a bigint: choose another type or fix the cell.',
  );
  s = await f.upload("create");
  expect(s.phase).toBe("ready");
  expect(s.message).toBe('Columns 3 and 4 are both named "Amount": rename one.');
  expect(sent).toEqual([]);
});

test("Upload creates a private table and sends the rows; the list shows it; Append, Replace, then Delete after asking", async () => {
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  await fillSheet(pane, 1000);
  pane.wb.select("Sheet1", "A1:B1001");
  const f = form(pane);
  const list = new UploadsListController(pane.deps);
  await f.readSelection();
  f.setTableName("wallets");
  f.setNamespace("demo");
  expect(f.store.state.problems).toEqual([]);
  let s = await f.upload("create");
  expect(s.phase).toBe("sent");
  expect(s.message).toMatch(
    /^Uploaded dune\.demo\.wallets \(private\): 1,000 rows, \d+ KB, about 2 credits\. Refresh All with "Re-run queries" can send Sheet1!A1:B1001 again\.$/,
  );

  await list.load();
  const [table] = list.store.state.tables.filter((t) => t.tableName === "wallets");
  expect(table).toMatchObject({ fullName: "dune.demo.wallets", isPrivate: true });
  expect(table!.sizeBytes).toBeGreaterThan(0);
  f.setTables(list.store.state.tables);
  expect(f.store.state.existing?.fullName).toBe("dune.demo.wallets");
  expect(f.store.state.estimate?.credits).toBe(1); // no creation now: the insert only

  s = await f.upload("append");
  expect(s.message).toMatch(/^Appended rows to dune\.demo\.wallets \(private\): 1,000 rows/);
  const count = async () => {
    const run = await pane.session.client().runSql("select count(*) as n from dune.demo.wallets");
    return (await pane.session.client().results(run.executionId)).result?.rows[0];
  };
  expect(await count()).toEqual({ n: 2000 });
  s = await f.upload("replace");
  expect(s.message).toMatch(/^Replaced the rows of dune\.demo\.wallets/);
  expect(await count()).toEqual({ n: 1000 });

  const asked: string[] = [];
  await list.remove(table!, async (q) => (asked.push(q), false));
  expect(list.store.state.tables.some((t) => t.tableName === "wallets")).toBe(true);
  await list.remove(table!, async (q) => (asked.push(q), true));
  expect(asked[0]).toBe("Delete dune.demo.wallets and its rows for good? Queries that read it will fail.");
  expect(list.store.state.tables.some((t) => t.tableName === "wallets")).toBe(false);
  // The Replace remembered the range; the table gone, so is the range Refresh All would have sent to it.
  expect(list.store.state.message).toBe("Deleted dune.demo.wallets. Refresh All no longer re-uploads its range.");
  expect(listUploadBindings(pane.deps.settings)).toEqual([]);
});

test("public is the user's choice, said in the success line", async () => {
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  await fillSheet(pane, 2);
  pane.wb.select("Sheet1", "A1:B3");
  const f = form(pane);
  await f.readSelection();
  f.setTableName("shared_list");
  f.setNamespace("demo");
  f.setPrivate(false);
  const s = await f.upload("create");
  expect(s.message).toMatch(/^Uploaded dune\.demo\.shared_list \(public\)/);
  const { tables } = await pane.session.client().listUploads();
  expect(tables.find((t) => t.tableName === "shared_list")?.isPrivate).toBe(false);
});

// The pane checks names and offers types before anything is sent; the service judges them when they arrive: the
// pane's copy of the rule is held to the service's answers here.
test("the pane's name rule and column types are the service's: what the pane lets through, the service accepts", async () => {
  const client = (await testPane(service.url, { apiKey: TEST_KEYS.demo })).session.client();
  const schema = UPLOAD_COLUMN_TYPES.map((type) => ({ name: `c_${type}`, type }));
  const names = ["a_1", "w2024", "Wallets", "1abc", "_x", "a-b", "é", `t${"a".repeat(127)}`, `t${"a".repeat(128)}`];
  for (const tableName of names) {
    const accepted = await client.createUpload({ namespace: "demo", tableName, schema }).then(
      () => true,
      () => false,
    );
    expect([tableName, accepted]).toEqual([tableName, tableNameProblem(tableName) === undefined]);
  }
});

test("a type change writes the CSV again in slices, the page given turns; the last price stands meanwhile, and an Upload waits for the new one", async () => {
  const inserted: number[] = [];
  const fetch: FetchLike = (input, init) => {
    if (String(input).endsWith("/insert") && typeof init.body === "string") inserted.push(init.body.length);
    return globalThis.fetch(input, init);
  };
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, fetch });
  await fillSheet(pane, 10_000, (i) => (i < 0 ? ["Day"] : [45_000 + (i % 300)]));
  pane.wb.select("Sheet1", "A1:C10001");
  // Turns given immediately while `held` is undefined; otherwise each waits until the test lets it go.
  let held: (() => void)[] | undefined;
  const f = new UploadFormController({
    ...pane.deps,
    readSelection: () => readSelection(pane.wb.run),
    yieldToPage: () => (held ? new Promise<void>((resolve) => held!.push(resolve)) : Promise.resolve()),
  });
  const read = await f.readSelection();
  expect(read.columns[2]).toMatchObject({ name: "Day", type: "bigint" });
  const before = read.estimate!.bytes;
  f.setTableName(`sliced_${Date.now()}`);
  f.setNamespace("demo");

  held = [];
  const typed = f.setType(2, "timestamp");
  const uploaded = f.upload("create");
  await new Promise((resolve) => setImmediate(resolve));
  // The first slice is written; the page has its turn before the next, and nothing is sent yet.
  expect(held).toHaveLength(1);
  expect(f.store.state.estimate!.bytes).toBe(before);
  expect(inserted).toEqual([]);
  let turns = 0;
  for (let done = false; !done;) {
    const waiting = held.splice(0);
    turns += waiting.length;
    for (const go of waiting) go();
    await new Promise((resolve) => setImmediate(resolve));
    done = held.length === 0 && f.store.state.phase !== "ready";
  }
  expect(turns).toBe(2); // 10,000 rows in slices of 4,000: two turns between three slices
  const s = await uploaded;
  expect((await typed).estimate!.bytes).toBeGreaterThan(before);
  expect(s.phase).toBe("sent");
  // What was sent is the CSV of the new types, and it is the size the form priced.
  expect(inserted).toEqual([s.estimate!.bytes]);
});
