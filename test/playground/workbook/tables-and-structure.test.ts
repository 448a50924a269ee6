import { createWorkbook } from "../../../src/playground/workbook";

async function seed(values: (string | number)[][], address: string) {
  const wb = createWorkbook();
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange(address).values = values;
    await context.sync();
  });
  return wb;
}

describe("tables", () => {
  test("tables.add with headers: names are unique text; parts have the expected addresses", async () => {
    const wb = await seed(
      [
        ["a", "a", 2024, ""],
        [1, 2, 3, 4],
      ],
      "B2:E3",
    );
    const out = await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      const t = ws.tables.add("B2:E3", true);
      t.name = "Result";
      const [all, head, body] = [t.getRange(), t.getHeaderRowRange(), t.getDataBodyRange()];
      [all, head, body].forEach((r) => r.load("address"));
      head.load("values");
      t.rows.load("count");
      await context.sync();
      return { all: all.address, head: head.address, body: body.address, names: head.values[0], rows: t.rows.count };
    });
    expect(out).toEqual({
      all: "Sheet1!B2:E3",
      head: "Sheet1!B2:E2",
      body: "Sheet1!B3:E3",
      names: ["a", "a2", "2024", "Column4"],
      rows: 1,
    });
    expect(wb.inspect.tables()).toEqual([{ name: "Result", sheet: "Sheet1", address: "Sheet1!B2:E3" }]);
  });

  test("without headers Excel generates a header row and shifts the data down", async () => {
    const wb = await seed(
      [
        [1, 2],
        [3, 4],
      ],
      "A1:B2",
    );
    await wb.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").tables.add("A1:B2", false);
      await context.sync();
    });
    expect(wb.inspect.values("Sheet1", "A1:B3")).toEqual([
      ["Column1", "Column2"],
      [1, 2],
      [3, 4],
    ]);
    expect(wb.inspect.tables()[0].address).toBe("Sheet1!A1:B3");
  });

  test("table names are validated and unique; overlapping tables are refused", async () => {
    const wb = await seed([["h"], [1]], "A1:A2");
    await expect(
      wb.run(async (context) => {
        const t = context.workbook.worksheets.getItem("Sheet1").tables.add("A1:A2", true);
        t.name = "A1";
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    await expect(
      wb.run(async (context) => {
        context.workbook.tables.add("Sheet1!A1:B3", true);
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidOperation" });
  });

  test("rows.add appends rows, shifting cells below; new rows inherit number formats", async () => {
    const wb = await seed([["code"], ["007"], ["below"]], "A1:A3");
    await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.getRange("A2").numberFormat = [["@"]];
      ws.getRange("A2").values = [["007"]];
      ws.getRange("A3").values = [[""]];
      ws.getRange("A4").values = [["below"]];
      const t = ws.tables.add("A1:A2", true);
      t.rows.add(undefined, [["00123"], ["0x01"]]);
      await context.sync();
    });
    expect(wb.inspect.values("Sheet1", "A1:A6")).toEqual([["code"], ["007"], ["00123"], ["0x01"], [""], ["below"]]);
    expect(wb.inspect.tables()[0].address).toBe("Sheet1!A1:A4");
  });

  test("resize keeps the header row; deleting body rows shrinks the table and pulls cells up", async () => {
    const wb = await seed([["h"], [1], [2], [3], [4], ["after"]], "A1:A6");
    await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      const t = ws.tables.add("A1:A5", true);
      await context.sync();
      t.getDataBodyRange().getRow(2).getResizedRange(1, 0).delete("Up");
      await context.sync();
      t.resize("A1:B3");
      await context.sync();
    });
    expect(wb.inspect.values("Sheet1", "A1:B4")).toEqual([
      ["h", "Column2"],
      [1, ""],
      [2, ""],
      ["after", ""],
    ]);
    expect(wb.inspect.tables()[0].address).toBe("Sheet1!A1:B3");
    await expect(
      wb.run(async (context) => {
        context.workbook.tables.getItem("Table1").resize("A2:B3");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("inserting cells below a table moves the cells under it, not the table; tables below move", async () => {
    const wb = await seed([["h"], [1], ["x"], ["h2"], [2]], "A1:A5");
    await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.tables.add("A1:A2", true);
      ws.tables.add("A4:A5", true);
      ws.getRange("A3:A4").insert("Down");
      await context.sync();
    });
    expect(wb.inspect.tables().map((t) => t.address)).toEqual(["Sheet1!A1:A2", "Sheet1!A6:A7"]);
    expect(wb.inspect.values("Sheet1", "A5")).toEqual([["x"]]);
  });

  test("a shift that cuts through part of a table is refused", async () => {
    const wb = await seed(
      [
        ["h", "i"],
        [1, 2],
      ],
      "A1:B2",
    );
    await expect(
      wb.run(async (context) => {
        const ws = context.workbook.worksheets.getItem("Sheet1");
        ws.tables.add("A1:B2", true);
        ws.getRange("A2").insert("Down");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InsertDeleteConflict" });
  });

  test("table.delete removes the table and its cells; convertToRange keeps the cells", async () => {
    const wb = await seed([["h"], [1], ["g"], [2]], "A1:A4");
    await wb.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.tables.add("A1:A2", true).delete();
      ws.tables.add("A3:A4", true).convertToRange();
      await context.sync();
    });
    expect(wb.inspect.tables()).toEqual([]);
    expect(wb.inspect.values("Sheet1", "A1:A4")).toEqual([[""], [""], ["g"], [2]]);
  });
});

describe("document settings and runtime storage", () => {
  test("settings persist through saveAsync and survive reopen; unsaved ones do not", async () => {
    const wb = createWorkbook();
    const settings = wb.Office.context.document.settings;
    settings.set("saved", { a: [1, 2] });
    await new Promise<void>((resolve) => settings.saveAsync((r) => (expect(r.status).toBe("succeeded"), resolve())));
    settings.set("unsaved", 1);
    wb.reopen();
    expect(settings.get("saved")).toEqual({ a: [1, 2] });
    expect(settings.get("unsaved")).toBeNull();
    settings.remove("saved");
    expect(settings.get("saved")).toBeNull();
  });

  test("settings over 2 MB fail to save", async () => {
    const wb = createWorkbook();
    const settings = wb.Office.context.document.settings;
    settings.set("huge", "x".repeat(2_200_000));
    const status = await new Promise((resolve) => settings.saveAsync((r) => resolve(r.status)));
    expect(status).toBe("failed");
  });

  test("OfficeRuntime.storage is async string storage", async () => {
    const { OfficeRuntime } = createWorkbook();
    expect(await OfficeRuntime.storage.getItem("k")).toBeNull();
    await OfficeRuntime.storage.setItem("k", "v");
    expect(await OfficeRuntime.storage.getItem("k")).toBe("v");
    expect(await OfficeRuntime.storage.getKeys()).toEqual(["k"]);
    await OfficeRuntime.storage.removeItem("k");
    expect(await OfficeRuntime.storage.getItem("k")).toBeNull();
  });
});
