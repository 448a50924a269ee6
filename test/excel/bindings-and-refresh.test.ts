import {
  TABLE_RESIZE,
  getBinding,
  listBindings,
  officeSupports,
  replaceTableRows,
  saveBinding,
  writeMatrix,
  type RowBatches,
  type TableBinding,
} from "../../src/excel";
import { BINDINGS_INDEX_SETTING, LEGACY_BINDINGS_SETTING, removeBinding } from "../../src/excel/bindings";
import { BindingError } from "../../src/excel/errors";
import { createWorkbook } from "../../src/playground/workbook";
import type { CellValue } from "../../src/sheet";
import { ManualClock } from "../support/manual-clock";
import { SharedDocument } from "../support/shared-document";

const KEY = "sk_live_0123456789abcdef";
const NOW = Date.parse("2026-01-01T00:00:00.000Z");
const DAY = 86_400_000;

function binding(overrides: Partial<TableBinding> = {}): TableBinding {
  return {
    kind: "dataset",
    id: "dex/pairs",
    args: { chain: "base" },
    params: { filters: "usd_liquidity > 1000", limit: 500 },
    options: { headers: true, timestamps: "text" },
    tableName: "Pairs",
    sheet: "Sheet1",
    address: "Sheet1!A1:C4",
    insertedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("bindings in document settings", () => {
  test("saved, listed, replaced by table name, removed; they survive reopen once saved", async () => {
    const wb = createWorkbook();
    const settings = wb.Office.context.document.settings;
    await saveBinding(settings, binding(), { now: NOW });
    await saveBinding(settings, binding({ kind: "query", id: 42, tableName: "Query42", params: { min: 3 } }), {
      now: NOW,
    });
    await saveBinding(settings, binding({ params: { limit: 10 } }), { now: NOW }); // same table: replaces
    wb.reopen();
    // Replacing a table's binding keeps its place.
    expect(listBindings(settings).map((b) => [b.tableName, b.kind, b.id])).toEqual([
      ["Pairs", "dataset", "dex/pairs"],
      ["Query42", "query", 42],
    ]);
    expect(getBinding(settings, "pairs")?.params).toEqual({ limit: 10 });
    expect(await removeBinding(settings, "Query42", { now: NOW })).toBe(true);
    expect(await removeBinding(settings, "Query42", { now: NOW })).toBe(false);
    wb.reopen();
    expect(listBindings(settings).map((b) => b.tableName)).toEqual(["Pairs"]);
  });

  test("a binding never contains the API key", async () => {
    const wb = createWorkbook();
    const settings = wb.Office.context.document.settings;
    const leaky = binding({
      params: { api_key: KEY, filters: `x = '${KEY}'`, nested: { "X-Service-Api-Key": KEY, ok: 1 } },
      options: { apiKey: KEY, Authorization: `Bearer ${KEY}` },
    });
    const saved = await saveBinding(settings, leaky, { now: NOW, secrets: [KEY] });
    wb.reopen();
    const stored = JSON.stringify([settings.get(BINDINGS_INDEX_SETTING), settings.get("service.tableBinding.pairs")]);
    expect(stored).toContain("dex/pairs");
    expect(stored).not.toContain(KEY);
    expect(stored).not.toMatch(/api_key|apiKey|X-Service-Api-Key|Authorization/);
    expect(saved.params).toEqual({ filters: "[redacted]", nested: { ok: 1 } });
  });

  test("a write drops the bindings whose stored result has expired; those without an expiry stay", async () => {
    const clock = new ManualClock(NOW);
    const wb = createWorkbook();
    const settings = wb.Office.context.document.settings;
    const expires = new Date(NOW + DAY).toISOString();
    await saveBinding(settings, binding({ kind: "execution", id: "01OLD", tableName: "Old", expiresAt: expires }), {
      now: clock.now(),
    });
    await saveBinding(settings, binding(), { now: clock.now() });
    clock.advance(DAY - 1);
    await saveBinding(settings, binding({ kind: "query", id: 7, tableName: "Q7" }), { now: clock.now() });
    expect(listBindings(settings).map((b) => b.tableName)).toEqual(["Old", "Pairs", "Q7"]);
    clock.advance(1);
    await saveBinding(settings, binding({ kind: "query", id: 8, tableName: "Q8" }), { now: clock.now() });
    wb.reopen();
    expect(listBindings(settings).map((b) => b.tableName)).toEqual(["Pairs", "Q7", "Q8"]);
    // Removing one is a write too.
    await saveBinding(settings, binding({ kind: "execution", id: "01X", tableName: "X", expiresAt: expires }), {
      now: NOW,
    });
    expect(await removeBinding(settings, "Q8", { now: clock.now() })).toBe(true);
    expect(listBindings(settings).map((b) => b.tableName)).toEqual(["Pairs", "Q7"]);
  });

  test("a zero expiry (the service's 1970 'not known yet', kept by an older version) never drops a binding", async () => {
    const wb = createWorkbook();
    const settings = wb.Office.context.document.settings;
    const zero = binding({ kind: "execution", id: "01ZERO", tableName: "Zero", expiresAt: "1970-01-01T00:00:00Z" });
    await saveBinding(settings, zero, { now: NOW });
    await saveBinding(settings, binding({ kind: "query", id: 9, tableName: "Q9" }), { now: NOW });
    expect(listBindings(settings).map((b) => b.tableName)).toEqual(["Zero", "Q9"]);
  });

  test("entries that do not parse are ignored", () => {
    const wb = createWorkbook();
    const settings = wb.Office.context.document.settings;
    settings.set(LEGACY_BINDINGS_SETTING, { version: 1, bindings: [{ nonsense: true }, binding()] });
    expect(listBindings(settings)).toHaveLength(1);
  });
});

async function insertTable(wb: ReturnType<typeof createWorkbook>, rows: CellValue[][]) {
  await wb.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Sheet1");
    ws.getRange("A20").values = [["below the table"]];
    await context.sync();
  });
  return writeMatrix({ run: wb.run, sheet: "Sheet1", cell: "A1" }, [["id", "code"], ...rows], {
    asTable: true,
    headers: true,
    tableName: "Pairs",
    numberFormats: ["General", "@"],
  });
}

const rowsOf = (n: number, tag: string): CellValue[][] => Array.from({ length: n }, (_, i) => [i, `00${tag}${i}`]);

describe("replaceTableRows refreshes a bound table in place", () => {
  test("grows: rows added under the table, cells below move down, header kept", async () => {
    const wb = createWorkbook();
    const inserted = await insertTable(wb, rowsOf(3, "a"));
    const b = binding({ address: inserted.address });
    const out = await replaceTableRows(wb.run, b, rowsOf(8, "b"), {
      numberFormats: ["General", "@"],
      now: () => new Date("2026-02-01T00:00:00Z"),
    });
    expect(out).toMatchObject({ status: "complete", rowsWritten: 8 });
    expect(out.binding).toMatchObject({
      address: "Sheet1!A1:B9",
      refreshedAt: "2026-02-01T00:00:00.000Z",
      tableName: "Pairs",
    });
    expect(wb.inspect.tables()).toEqual([{ name: "Pairs", sheet: "Sheet1", address: "Sheet1!A1:B9" }]);
    expect(wb.inspect.values("Sheet1", "A1:B9")).toEqual([["id", "code"], ...rowsOf(8, "b")]);
    expect(wb.inspect.values("Sheet1", "A25")).toEqual([["below the table"]]);
  });

  test("shrinks: surplus rows deleted, cells below move up", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(10, "a"));
    const out = await replaceTableRows(wb.run, binding(), rowsOf(2, "c")); // formats read from the table
    expect(out.binding.address).toBe("Sheet1!A1:B3");
    expect(wb.inspect.values("Sheet1", "A1:B4")).toEqual([["id", "code"], ...rowsOf(2, "c"), ["", ""]]);
    expect(wb.inspect.values("Sheet1", "A12")).toEqual([["below the table"]]);
    expect(wb.inspect.cell("Sheet1", "B2")).toMatchObject({ kind: "text", value: "00c0" });
  });

  test("an empty result leaves one empty data row", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(4, "a"));
    const out = await replaceTableRows(wb.run, binding(), []);
    expect(out.binding.address).toBe("Sheet1!A1:B2");
    expect(wb.inspect.values("Sheet1", "A1:B2")).toEqual([
      ["id", "code"],
      ["", ""],
    ]);
  });

  test("a streamed source of unknown length grows the table chunk by chunk", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(2, "a"));
    async function* pages(): RowBatches {
      for (let p = 0; p < 3; p++) yield rowsOf(400, `p${p}_`);
    }
    const out = await replaceTableRows(wb.run, binding(), pages(), {
      numberFormats: ["General", "@"],
      maxPayloadBytes: 10_000,
    });
    expect(out.binding.address).toBe("Sheet1!A1:B1201");
    expect(wb.inspect.values("Sheet1", "B1201")).toEqual([["00p2_399"]]);
    expect(wb.inspect.values("Sheet1", `A${20 + 1200 - 2}`)).toEqual([["below the table"]]);
    expect(wb.stats.maxRequestBytes).toBeLessThanOrEqual(10_000);
  });

  test("cancelled refresh: no stale rows, and a marker row inserted under the table", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(5, "old"));
    const controller = new AbortController();
    const out = await replaceTableRows(wb.run, binding(), rowsOf(3_000, "new"), {
      numberFormats: ["General", "@"],
      maxPayloadBytes: 10_000,
      signal: controller.signal,
      onProgress: (n) => n >= 1_000 && controller.abort(),
    });
    expect(out.status).toBe("cancelled");
    const body = out.rowsWritten;
    expect(out.binding.address).toBe(`Sheet1!A1:B${body + 1}`);
    expect(wb.inspect.values("Sheet1", `B${body + 1}`)).toEqual([[`00new${body - 1}`]]);
    expect(String(wb.inspect.cell("Sheet1", `A${body + 2}`).value)).toMatch(
      /^Refresh cancelled: [\d,]+ of 3,000 rows written/,
    );
    // A20 moved by the body's growth (5 → body rows) and by the inserted marker row.
    expect(wb.inspect.values("Sheet1", `A${20 + (body - 5) + 1}`)).toEqual([["below the table"]]);
  });

  test("a missing table or a changed column count is a BindingError", async () => {
    const wb = createWorkbook();
    await expect(replaceTableRows(wb.run, binding({ tableName: "Gone" }), [])).rejects.toMatchObject({
      reason: "table-missing",
    });
    await insertTable(wb, rowsOf(1, "a"));
    await expect(
      replaceTableRows(wb.run, binding(), [[1, 2, 3]], { numberFormats: ["General", "@", "@"] }),
    ).rejects.toBeInstanceOf(BindingError);
  });
});

describe("replaceTableRows when a write fails", () => {
  test("a stream that breaks mid-refresh leaves only new rows and a 'Refresh failed' marker", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(5, "old"));
    async function* pages(): RowBatches {
      yield rowsOf(300, "new");
      yield [[1, "too", "wide"]];
    }
    await expect(
      replaceTableRows(wb.run, binding(), pages(), { numberFormats: ["General", "@"], maxPayloadBytes: 10_000 }),
    ).rejects.toThrow(/expected 2/);
    const table = wb.inspect.tables()[0];
    const last = Number(/B(\d+)$/.exec(table.address)?.[1]);
    expect(wb.inspect.values("Sheet1", `B${last}`)[0][0]).toMatch(/^00new\d+$/);
    expect(String(wb.inspect.cell("Sheet1", `A${last + 1}`).value)).toMatch(/^Refresh failed \(Row 300 has 3 cells/);
  });
});

describe("replaceTableRows where Excel cannot resize a table (no ExcelApi 1.13)", () => {
  const oldExcel = (set: { name: string; version: string }) => !(set.name === "ExcelApi" && set.version === "1.13");

  test("more rows: refused before anything is written, saying why and what to do", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(3, "a"));
    await expect(replaceTableRows(wb.run, binding(), rowsOf(8, "b"), { supports: oldExcel })).rejects.toMatchObject({
      reason: "cannot-resize",
      message:
        'This version of Excel cannot resize a table (that needs the ExcelApi 1.13 requirement set): "Pairs" has 3 ' +
        "data rows and the new result 8. Update Excel, or insert the result again as a new table.",
    });
    expect(wb.inspect.values("Sheet1", "A1:B4")).toEqual([["id", "code"], ...rowsOf(3, "a")]);
    expect(wb.inspect.tables()).toEqual([{ name: "Pairs", sheet: "Sheet1", address: "Sheet1!A1:B4" }]);
  });

  test("fewer rows: the table keeps its size, the surplus rows are emptied, nothing old is left", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(5, "a"));
    const out = await replaceTableRows(wb.run, binding(), rowsOf(2, "c"), { supports: oldExcel });
    expect(out).toMatchObject({ status: "complete", rowsWritten: 2, binding: { address: "Sheet1!A1:B6" } });
    expect(wb.inspect.values("Sheet1", "A1:B6")).toEqual([
      ["id", "code"],
      ...rowsOf(2, "c"),
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
    expect(wb.inspect.values("Sheet1", "A20")).toEqual([["below the table"]]);
  });

  test("the same number of rows refreshes as usual", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(4, "a"));
    const out = await replaceTableRows(wb.run, binding(), rowsOf(4, "d"), { supports: oldExcel });
    expect(out.status).toBe("complete");
    expect(wb.inspect.values("Sheet1", "B5")).toEqual([["00d3"]]);
  });

  test("a stream of unknown length that outgrows the table: only new rows stay, with a 'Refresh failed' marker", async () => {
    const wb = createWorkbook();
    await insertTable(wb, rowsOf(10, "old"));
    async function* pages(): RowBatches {
      for (let p = 0; p < 3; p++) yield rowsOf(6, `p${p}_`);
    }
    const failure = await replaceTableRows(wb.run, binding(), pages(), {
      numberFormats: ["General", "@"],
      maxPayloadBytes: 400, // one page per sync: the first fits the table, the second does not
      supports: oldExcel,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BindingError);
    expect((failure as BindingError).reason).toBe("cannot-resize");
    expect((failure as BindingError).message).toMatch(/"Pairs" has 10 data rows and the new result at least 1\d\./);
    expect(wb.inspect.tables()).toEqual([{ name: "Pairs", sheet: "Sheet1", address: "Sheet1!A1:B11" }]);
    // The rows written are the stream's first ones; the rest of the body is empty: no old row under new ones.
    const stream = [...rowsOf(6, "p0_"), ...rowsOf(6, "p1_"), ...rowsOf(6, "p2_")];
    const body = wb.inspect.values("Sheet1", "A2:B11");
    const blank = body.findIndex((row) => row[0] === "");
    const written = blank === -1 ? body.length : blank;
    expect(written).toBeGreaterThan(0);
    expect(body.slice(0, written)).toEqual(stream.slice(0, written));
    expect(body.slice(written)).toEqual(Array.from({ length: 10 - written }, () => ["", ""]));
    expect(String(wb.inspect.cell("Sheet1", "A12").value)).toMatch(
      /^Refresh failed \(This version of Excel cannot resize a table/,
    );
    expect(wb.inspect.values("Sheet1", "A21")).toEqual([["below the table"]]);
  });

  test("in Office, the answer is Office.context.requirements.isSetSupported's", () => {
    const scope = globalThis as Record<string, unknown>;
    const asked: string[] = [];
    scope.Office = {
      context: { requirements: { isSetSupported: (n: string, v: string) => (asked.push(`${n} ${v}`), false) } },
    };
    try {
      expect(officeSupports(TABLE_RESIZE)).toBe(false);
      expect(asked).toEqual(["ExcelApi 1.13"]);
    } finally {
      delete scope.Office;
    }
    expect(officeSupports(TABLE_RESIZE)).toBe(true); // no Office (the playground, tests): everything
  });
});

describe("bindings with two sessions of one workbook (co-authors)", () => {
  test("a table a co-author bound after we opened the file survives our next save; each binding is its own setting", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    const b = doc.open("B");
    const bSaved = saveBinding(b, binding({ tableName: "FromB" }), { now: NOW });
    await doc.drain();
    await bSaved;
    const aSaved = saveBinding(a, binding({ tableName: "FromA", kind: "query", id: 7 }), { now: NOW });
    await doc.drain();
    await aSaved;
    const reopened = doc.open("C");
    expect(listBindings(reopened).map((x) => x.tableName)).toEqual(["FromB", "FromA"]);
    expect(Object.keys(doc.saved).sort()).toEqual([
      "service.tableBinding.froma",
      "service.tableBinding.fromb",
      "service.tableBindingIndex",
    ]);
  });

  test("a workbook saved by an older version (one setting for every binding) is read, and moved by the next save", async () => {
    const doc = new SharedDocument();
    doc.saved = { [LEGACY_BINDINGS_SETTING]: { version: 1, bindings: [binding({ tableName: "Old" })] } };
    const a = doc.open("A");
    expect(getBinding(a, "old")?.tableName).toBe("Old");
    const saved = saveBinding(a, binding({ tableName: "New" }), { now: NOW });
    await doc.drain();
    await saved;
    expect(doc.saved[LEGACY_BINDINGS_SETTING]).toBeUndefined();
    expect(listBindings(doc.open("B")).map((x) => x.tableName)).toEqual(["Old", "New"]);
  });

  test("a save that fails is a BindingError that says so", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    a.failNextSave = "Settings exceed the size limit.";
    const saved = saveBinding(a, binding(), { now: NOW }).catch((e: unknown) => e);
    await doc.drain();
    expect(await saved).toMatchObject({
      reason: "save-failed",
      message: "Could not save the table's source in the workbook: Settings exceed the size limit.",
    });
  });
});
