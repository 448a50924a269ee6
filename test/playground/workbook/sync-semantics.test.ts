/* eslint-disable office-addins/call-sync-before-read, office-addins/load-object-before-read, office-addins/call-sync-after-load, office-addins/no-context-sync-in-loop --
   this file tests how the emulated workbook answers reads before load or sync, and syncs in loops, on purpose. */
import { createWorkbook, type ChangeEvent } from "../../../src/playground/workbook";
import { EXCEL_PAYLOAD_LIMIT_BYTES } from "../../../src/playground/workbook/create-workbook";

describe("queued operations", () => {
  test("nothing changes before sync; everything after", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      expect(wb.inspect.values("Sheet1", "A1")).toEqual([[""]]);
      await context.sync();
      expect(wb.inspect.values("Sheet1", "A1")).toEqual([[1]]);
    });
  });

  test("reading a property before load + sync throws PropertyNotLoaded", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2");
      expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      range.load("values");
      expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await context.sync();
      expect(range.values).toEqual([
        ["", ""],
        ["", ""],
      ]);
      expect(() => range.address).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    });
  });

  test("a value assigned locally reads back before sync, as in Office.js", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.values = [["'x"]];
      expect(range.values).toEqual([["'x"]]);
      await context.sync();
    });
  });

  test("what is still queued when the batch resolves is synced by run", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["late"]];
    });
    expect(wb.inspect.values("Sheet1", "A1")).toEqual([["late"]]);
  });

  test("proxies of a finished run cannot be used", async () => {
    const wb = createWorkbook();
    const range = await wb.run(async (context) => context.workbook.worksheets.getItem("Sheet1").getRange("A1"));
    expect(() => range.load("values")).toThrow(expect.objectContaining({ code: "InvalidObjectPath" }));
  });

  test("an unknown sheet fails at sync with ItemNotFound; getItemOrNullObject gives a null object", async () => {
    const wb = createWorkbook();
    await expect(
      wb.run(async (context) => {
        context.workbook.worksheets.getItem("Nope").getRange("A1").values = [[1]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ name: "RichApi.Error", code: "ItemNotFound" });
    const isNull = await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItemOrNullObject("Nope");
      await context.sync();
      return ws.isNullObject;
    });
    expect(isNull).toBe(true);
  });

  test("operations before a failing one stay applied (no rollback)", async () => {
    const wb = createWorkbook();
    await expect(
      wb.run(async (context) => {
        const ws = context.workbook.worksheets.getItem("Sheet1");
        ws.getRange("A1").values = [["kept"]];
        ws.getRange("A2:B2").values = [[1]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    expect(wb.inspect.values("Sheet1", "A1")).toEqual([["kept"]]);
  });
});

describe("the 5 MB request limit", () => {
  test("a sync over the limit rejects with RequestPayloadSizeLimitExceeded and applies nothing", async () => {
    const wb = createWorkbook();
    const rows = 2_000;
    const big = Array.from({ length: rows }, () => ["x".repeat(3_000)]);
    await expect(
      wb.run(async (context) => {
        const ws = context.workbook.worksheets.getItem("Sheet1");
        ws.getRange("C1").values = [["small write queued first"]];
        ws.getRange(`A1:A${rows}`).values = big;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    expect(wb.inspect.usedAddress("Sheet1")).toBeNull();
    expect(wb.stats.records[0]).toMatchObject({ error: "RequestPayloadSizeLimitExceeded" });
    expect(wb.stats.records[0].requestBytes).toBeGreaterThan(EXCEL_PAYLOAD_LIMIT_BYTES);
  });

  test("just under the limit passes and is recorded", async () => {
    const wb = createWorkbook();
    const big = Array.from({ length: 1_500 }, () => ["y".repeat(3_000)]);
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:A1500").values = big;
      await context.sync();
    });
    expect(wb.stats.syncs).toBe(1);
    expect(wb.stats.maxRequestBytes).toBeGreaterThan(4_500_000);
    expect(wb.stats.maxRequestBytes).toBeLessThan(EXCEL_PAYLOAD_LIMIT_BYTES);
  });

  test("a response over the limit rejects with ResponsePayloadSizeLimitExceeded; writes stay", async () => {
    const wb = createWorkbook();
    const big = Array.from({ length: 1_000 }, () => ["z".repeat(3_000)]);
    for (const at of ["A", "B"]) {
      await wb.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange(`${at}1:${at}1000`).values = big;
        await context.sync();
      });
    }
    await expect(
      wb.run(async (context) => {
        const r = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1000");
        r.load("values");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
  });
});

describe("stats and change events", () => {
  test("syncs are counted with their payload and whether calculation was suspended", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      context.application.suspendApiCalculationUntilNextSync();
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await context.sync();
      context.workbook.worksheets.getItem("Sheet1").getRange("A2").values = [[2]];
      await context.sync();
    });
    expect(wb.stats.syncs).toBe(2);
    expect(wb.stats.records.map((r) => r.calculationSuspended)).toEqual([true, false]);
    expect(wb.stats.totalRequestBytes).toBe(wb.stats.requestBytes.reduce((a, b) => a + b, 0));
  });

  test("onChange fires after each sync with the changed sheet and range", async () => {
    const wb = createWorkbook({ sheets: ["Data", "Other"] });
    const events: ChangeEvent[] = [];
    const stop = wb.onChange((e) => events.push(e));
    await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Data");
      ws.getRange("B2:C3").values = [
        [1, 2],
        [3, 4],
      ];
      ws.getRange("E5").values = [["x"]];
      await context.sync();
    });
    expect(events).toEqual([expect.objectContaining({ sheet: "Data", address: "B2:E5", kind: "cells" })]);
    stop();
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Data").getRange("A1").values = [[1]];
      await context.sync();
    });
    expect(events).toHaveLength(1);
  });

  test("formulas recalculate after a sync unless calculation was suspended for it", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.getRange("A1:B1").values = [[1, "=A1+1"]];
      await context.sync();
      context.application.suspendApiCalculationUntilNextSync();
      ws.getRange("A1").values = [[10]];
      await context.sync();
      expect(wb.inspect.values("Sheet1", "B1")).toEqual([[2]]);
      context.application.calculate("Full");
      await context.sync();
    });
    expect(wb.inspect.values("Sheet1", "B1")).toEqual([[11]]);
  });
});

describe("worksheets and ranges", () => {
  test("add, list, rename, activate, used range, selection", async () => {
    const wb = createWorkbook();
    const out = await wb.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const added = sheets.add("My data");
      added.getRange("B2:C3").values = [
        [1, 2],
        [3, 4],
      ];
      added.activate();
      sheets.load("items/name");
      const used = added.getUsedRange();
      used.load("address, rowCount, columnCount");
      const empty = sheets.getItem("Sheet1").getUsedRangeOrNullObject();
      await context.sync();
      return { names: sheets.items.map((s) => s.name), used: used.address, emptyIsNull: empty.isNullObject };
    });
    expect(out).toEqual({ names: ["Sheet1", "My data"], used: "'My data'!B2:C3", emptyIsNull: true });
    expect(wb.inspect.activeSheet()).toBe("My data");
    wb.select("Sheet1", "D4");
    const sel = await wb.run(async (context) => {
      const r = context.workbook.getSelectedRange();
      r.load("address");
      await context.sync();
      return r.address;
    });
    expect(sel).toBe("Sheet1!D4");
  });

  test("a collection's load reads every option form the same way, nested objects included", async () => {
    const wb = createWorkbook();
    const forms = ["items/name", ["items/name"], { select: "items/name" }, { items: { name: true } }] as const;
    for (const form of forms) {
      const names = await wb.run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load(form as never);
        await context.sync();
        return {
          names: sheets.items.map((s) => s.name),
          position: (() => {
            try {
              return sheets.items[0]!.position;
            } catch (error) {
              return (error as { code?: string }).code;
            }
          })(),
        };
      });
      // Only `name` was asked for: reading another property of an item is PropertyNotLoaded, whatever the form.
      expect(names).toEqual({ names: ["Sheet1"], position: "PropertyNotLoaded" });
    }
  });

  test("navigation loads: range.load('worksheet/name') and format/font", async () => {
    const wb = createWorkbook({ sheets: ["Data"] });
    const out = await wb.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Data").getRange("A1");
      r.load("worksheet/name, format/font/bold, address");
      await context.sync();
      return [r.worksheet.name, r.format.font.bold, r.address];
    });
    expect(out).toEqual(["Data", false, "Data!A1"]);
  });

  test("getCell, getOffsetRange, getResizedRange and whole-column addresses", async () => {
    const wb = createWorkbook();
    const out = await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      const base = ws.getRange("B2:C3");
      const ranges = [base.getCell(1, 1), base.getOffsetRange(1, 0), base.getResizedRange(2, -1), ws.getRange("C:D")];
      ranges.forEach((r) => r.load("address"));
      await context.sync();
      return ranges.map((r) => r.address);
    });
    expect(out).toEqual(["Sheet1!C3", "Sheet1!B3:C4", "Sheet1!B2:B5", "Sheet1!C:D"]);
  });

  test("clear, font, fill, autofit and text", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      const r = ws.getRange("A1:B1");
      r.values = [[45356.5, "word"]];
      r.numberFormat = [["yyyy-mm-dd hh:mm", "@"]];
      r.format.font.bold = true;
      r.format.font.color = "red";
      r.format.fill.color = "#ffff00";
      r.format.autofitColumns();
      await context.sync();
      r.format.font.load("bold, color");
      r.format.load("fill/color");
      r.load("text");
      await context.sync();
      expect([r.format.font.bold, r.format.font.color, r.format.fill.color]).toEqual([true, "#FF0000", "#FFFF00"]);
      expect(r.text).toEqual([["2024-03-05 12:00", "word"]]);
      ws.getRange("B1").clear("Contents");
      await context.sync();
    });
    expect(wb.inspect.cell("Sheet1", "B1")).toMatchObject({ kind: "empty", numberFormat: "@", style: { bold: true } });
    expect(wb.inspect.columnWidth("Sheet1", 0)).toBeGreaterThan(48);
  });
});

describe("the page gets turns during the add-in's syncs", () => {
  /** Counts the turns other work gets (a task queued behind ours) until `work` settles. */
  async function turnsDuring(work: Promise<unknown>): Promise<number> {
    let turns = 0;
    let done = false;
    void work.finally(() => (done = true));
    const tick = (): void => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await work;
    return turns;
  }
  const rows = (n: number) => Array.from({ length: n }, (_, i) => [i, `row ${i}`, i * 2]);

  test("a sync is a round trip: other work runs before it resolves, and during a large write", async () => {
    const wb = createWorkbook();
    const small = wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await context.sync();
    });
    expect(await turnsDuring(small)).toBeGreaterThanOrEqual(1);
    // 60,000 rows take well over one 16 ms slice to apply: the page gets turns in between, not only around.
    const large = wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:C60000").values = rows(60_000);
      await context.sync();
    });
    expect(await turnsDuring(large)).toBeGreaterThan(2);
    expect(wb.inspect.values("Sheet1", "C60000")).toEqual([[119_998]]);
  });

  test("the user's own edits (userRun) apply at once, with no turn in between", async () => {
    const wb = createWorkbook();
    const typed = wb.userRun(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["typed"]];
      await context.sync();
    });
    expect(await turnsDuring(typed)).toBe(0);
    expect(wb.inspect.values("Sheet1", "A1")).toEqual([["typed"]]);
  });

  test("editSyncs counts syncs that changed cells or sheets, not reads or calculation", async () => {
    const wb = createWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      range.formulas = [[1, "=A1+1"]];
      await context.sync();
      range.load("values");
      await context.sync();
      context.workbook.application.calculate("Full");
      await context.sync();
      context.workbook.worksheets.add("Other");
      await context.sync();
    });
    expect(wb.editSyncs()).toBe(2);
  });
});
