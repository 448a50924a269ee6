import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { IdbFileStore } from "../../../src/playground/host/file-store";
import { WorkbookFile } from "../../../src/playground/host/workbook-file";
import {
  createWorkbook,
  ROWS_PER_PART,
  type PlaygroundWorkbook,
  type WorkbookDocument,
} from "../../../src/playground/workbook";
import { ManualClock, flush } from "../../support/manual-clock";

/** A workbook on the file in `factory`; `tick` is how far the clock moves each time the save reads it. */
async function session(factory: IDBFactory, clock: ManualClock, options: { autoSave?: boolean; tick?: number } = {}) {
  const store = await IdbFileStore.open(factory);
  const turns = { count: 0 };
  const tick = options.tick ?? 0;
  const file = new WorkbookFile(store, {
    autoSave: options.autoSave ?? false,
    clock: {
      now: () => {
        clock.advance(tick);
        return clock.now();
      },
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (handle) => clock.clearTimeout(handle),
    },
    yieldToPage: () => {
      turns.count++;
      return flush(1);
    },
  });
  const document = await file.open();
  const wb: PlaygroundWorkbook = createWorkbook({ document });
  file.attach(() => wb.saveParts());
  wb.onChange((e) =>
    file.changed(e.block ? e.block.rowCount * e.block.columnCount : 0, {
      sheet: e.sheet,
      block: e.kind === "structure" ? null : e.block,
    }),
  );
  const run = (work: (book: Excel.Workbook) => void) =>
    wb.run(async (ctx) => {
      work(ctx.workbook);
      await ctx.sync();
    });
  return { store, file, wb, turns, run };
}

/** Rows [first, first + count) of two columns on `sheet`: the row number and a text. */
function fill(book: Excel.Workbook, sheet: string, first: number, count: number, tag = "r"): void {
  book.worksheets.getItem(sheet).getRangeByIndexes(first, 0, count, 2).values = Array.from(
    { length: count },
    (_, i) => [first + i, `${tag}${first + i}`],
  );
}

async function reopened(factory: IDBFactory): Promise<WorkbookDocument | undefined> {
  return new WorkbookFile(await IdbFileStore.open(factory), { autoSave: false, clock: new ManualClock() }).open();
}

/** Every stored record's key (without opening the file, which would remove orphans). */
function storedKeys(f: IDBFactory): Promise<string[]> {
  return new Promise((resolve) => {
    const req = f.open("playground-workbook");
    req.onsuccess = () => {
      const get = req.result.transaction("copies").objectStore("copies").getAllKeys();
      get.onsuccess = () => {
        req.result.close();
        resolve(get.result.map(String).sort());
      };
    };
  });
}

/** The cells of a document in a comparable order. */
const cellsOf = (doc: WorkbookDocument | undefined) =>
  doc?.sheets.map((s) => ({
    name: s.name,
    values: [...s.values].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    formulas: [...s.formulas].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    formats: [...s.formats].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
  }));

const withoutSettings = (doc: WorkbookDocument | undefined) => ({ ...doc, sheets: cellsOf(doc), settings: undefined });

let factory: IDBFactory;
let clock: ManualClock;
beforeEach(() => {
  factory = new IDBFactory();
  clock = new ManualClock();
});

describe("a save in parts", () => {
  test("serialises a large sheet a slice at a time, giving the page a turn between slices", async () => {
    const s = await session(factory, clock, { tick: 20 }); // each part is longer than a slice
    await s.run((book) => fill(book, "Sheet1", 0, 3 * ROWS_PER_PART));
    expect(await s.file.save()).toBe(true);
    expect(s.turns.count).toBe(2); // between the three parts' slices
    expect(withoutSettings(await reopened(factory))).toEqual(withoutSettings(s.wb.saveDocument()));
  });

  test("a change made between two slices is in the copy or marked for the next save", async () => {
    const s = await session(factory, clock, { tick: 20 }); // every part takes a slice of its own
    await s.run((book) => fill(book, "Sheet1", 0, 3 * ROWS_PER_PART));
    let edited = false;
    const yieldOnce = s.turns;
    const saving = s.file.save();
    while (yieldOnce.count === 0) await flush(1);
    // The first block is serialised: change it (and the last one, not serialised yet) before the save goes on.
    await s.run((book) => {
      book.worksheets.getItem("Sheet1").getRange("B1").values = [["changed"]];
      book.worksheets.getItem("Sheet1").getRangeByIndexes(3 * ROWS_PER_PART - 1, 1, 1, 1).values = [["late"]];
      edited = true;
    });
    expect(await saving).toBe(true);
    expect(edited).toBe(true);
    expect(s.file.status.unsaved).toBe(true);
    expect(await s.file.save()).toBe(true);
    expect(withoutSettings(await reopened(factory))).toEqual(withoutSettings(s.wb.saveDocument()));
  });

  test("only the blocks that changed are written again; the others keep their stored parts", async () => {
    const s = await session(factory, clock);
    await s.run((book) => fill(book, "Sheet1", 0, 3 * ROWS_PER_PART));
    await s.file.save();
    const first = await storedKeys(factory);
    expect(first).toHaveLength(3);
    await s.run((book) => (book.worksheets.getItem("Sheet1").getRange("B5000").values = [["changed"]]));
    const put = jest.spyOn(s.store, "putParts");
    await s.file.save();
    const written = put.mock.calls.flatMap(([parts]) => parts.map(([, json]) => json));
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('"changed"');
    const second = await storedKeys(factory);
    expect(second.filter((k) => first.includes(k))).toHaveLength(2); // blocks 0 and 2 reused
    expect(withoutSettings(await reopened(factory))).toEqual(withoutSettings(s.wb.saveDocument()));
  });

  test("a reopened copy in parts is not written again until something changes (then only that)", async () => {
    const a = await session(factory, clock);
    await a.run((book) => fill(book, "Sheet1", 0, 2 * ROWS_PER_PART));
    await a.file.save();
    const b = await session(factory, clock);
    await b.run((book) => (book.worksheets.getItem("Sheet1").getRange("A1").values = [["x"]]));
    const put = jest.spyOn(b.store, "putParts");
    await b.file.save();
    expect(put.mock.calls.flatMap(([parts]) => parts)).toHaveLength(1);
  });

  test("what the workbook holds after edits of every kind is what a reload opens", async () => {
    const s = await session(factory, clock);
    await s.run((book) => fill(book, "Sheet1", 0, ROWS_PER_PART + 10));
    await s.file.save();
    await s.run((book) => {
      const sheet = book.worksheets.getItem("Sheet1");
      sheet.getRange("D1").formulas = [["=A1*2"]];
      sheet.getRange("E1").values = [["#N/A"]];
      sheet.getRange("E2").formulas = [["=1/0"]];
      sheet.getRange("A5000").numberFormat = [["0.00"]];
      sheet.getRange("A10:B10").delete("Up"); // cells below move up: every block of the sheet changes
      book.worksheets.add("Data");
      fill(book, "Data", 9000, 3);
    });
    await s.file.save();
    await s.run((book) => {
      book.worksheets.getItem("Data").name = "Renamed";
      book.worksheets.add("Data"); // a new sheet with the old name: none of the old one's parts
      fill(book, "Data", 2, 1, "new");
    });
    await s.file.save();
    await s.run((book) => book.worksheets.getItem("Renamed").delete());
    await s.run((book) => fill(book, "Sheet1", 3 * ROWS_PER_PART, 2));
    await s.file.save();
    const doc = await reopened(factory);
    expect(withoutSettings(doc)).toEqual(withoutSettings(s.wb.saveDocument()));
    expect(doc?.sheets.map((x) => x.name)).toEqual(["Sheet1", "Data"]);
  });
});

describe("a failed save in parts never replaces the last good copy", () => {
  test("storing its second slice fails: the previous copy stays, its fresh parts go, the next save writes all", async () => {
    const s = await session(factory, clock, { tick: 20 });
    await s.run((book) => fill(book, "Sheet1", 0, 3 * ROWS_PER_PART, "good"));
    await s.file.save();
    const good = await storedKeys(factory);
    await s.run((book) => fill(book, "Sheet1", 0, 3 * ROWS_PER_PART, "new"));
    const real = IDBObjectStore.prototype.put;
    let calls = 0;
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore["put"]>
    ) {
      if (++calls === 2) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return real.apply(this, args);
    });
    expect(await s.file.save()).toBe(false);
    put.mockRestore();
    expect(s.file.status.problem).toMatch(/^Not saved: the browser's storage for this page is full/);
    expect(await storedKeys(factory)).toEqual(good);
    expect((await reopened(factory))?.sheets[0].values.find(([r, c]) => r === 0 && c === 1)?.[2]).toBe("good0");
    expect(await s.file.save()).toBe(true);
    expect(withoutSettings(await reopened(factory))).toEqual(withoutSettings(s.wb.saveDocument()));
    expect(await storedKeys(factory)).toHaveLength(3);
  });

  test("the switch itself fails: nothing of the new copy is kept", async () => {
    const s = await session(factory, clock);
    await s.run((book) => fill(book, "Sheet1", 0, 10, "good"));
    await s.file.save();
    const good = await storedKeys(factory);
    await s.run((book) => fill(book, "Sheet1", 0, 10, "new"));
    const sw = jest.spyOn(s.store, "switchTo").mockRejectedValue(new Error("disk error"));
    expect(await s.file.save()).toBe(false);
    sw.mockRestore();
    expect(await storedKeys(factory)).toEqual(good);
    expect(await s.file.save()).toBe(true);
    expect((await reopened(factory))?.sheets[0].values.find(([r, c]) => r === 0 && c === 1)?.[2]).toBe("new0");
  });
});

describe("two sessions and the parts they share", () => {
  test("after another session saved, a session's reused parts may be gone: it writes its whole copy", async () => {
    const a = await session(factory, clock);
    await a.run((book) => fill(book, "Sheet1", 0, 2 * ROWS_PER_PART, "a"));
    await a.file.save();
    const b = await session(factory, clock);
    await b.run((book) => fill(book, "Sheet1", 0, 2 * ROWS_PER_PART, "b")); // every part of a's copy replaced
    await b.file.save();
    await a.run((book) => (book.worksheets.getItem("Sheet1").getRange("C1").values = [["a again"]]));
    expect(await a.file.save()).toBe(true);
    expect(withoutSettings(await reopened(factory))).toEqual(withoutSettings(a.wb.saveDocument()));
    expect(await storedKeys(factory)).toHaveLength(2);
  });

  test("a session opening the file removes parts no copy names, and a save in flight then writes them again", async () => {
    const a = await session(factory, clock, { tick: 20 });
    await a.run((book) => fill(book, "Sheet1", 0, 3 * ROWS_PER_PART));
    const saving = a.file.save();
    while (a.turns.count < 2) await flush(1);
    await reopened(factory); // another tab opens the file: a's parts stored so far are orphans to it
    expect(await saving).toBe(true);
    expect(withoutSettings(await reopened(factory))).toEqual(withoutSettings(a.wb.saveDocument()));
  });
});

describe("copies saved whole", () => {
  /** The file as the playground stored it before parts: the pointer names one record holding the document. */
  function storeWhole(f: IDBFactory, doc: WorkbookDocument): Promise<void> {
    const { settings, ...rest } = doc;
    return new Promise((resolve, reject) => {
      const req = f.open("playground-workbook", 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore("copies");
        req.result.createObjectStore("pointer");
      };
      req.onsuccess = () => {
        const tx = req.result.transaction(["copies", "pointer"], "readwrite");
        const json = JSON.stringify(rest);
        tx.objectStore("copies").put(json, "copy-1-old");
        const pointer = { key: "copy-1-old", settings: JSON.stringify(settings), savedAt: 1, size: json.length };
        tx.objectStore("pointer").put(pointer, "current");
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error("not stored"));
      };
    });
  }

  test("a file saved whole before parts opens, and its next save converts it (the old copy removed)", async () => {
    const old = createWorkbook();
    await old.run(async (ctx) => {
      fill(ctx.workbook, "Sheet1", 0, ROWS_PER_PART + 1, "old");
      ctx.workbook.worksheets.getItem("Sheet1").getRange("E1").formulas = [["=A2+1"]];
      await ctx.sync();
    });
    const doc = { ...old.saveDocument(), settings: { kept: 1 } };
    await storeWhole(factory, doc);
    const s = await session(factory, clock);
    expect(withoutSettings(s.wb.saveDocument())).toEqual(withoutSettings(doc));
    expect(s.wb.Office.context.document.settings.get("kept")).toBe(1);
    await s.run((book) => (book.worksheets.getItem("Sheet1").getRange("C1").values = [["new"]]));
    expect(await s.file.save()).toBe(true);
    const keys = await storedKeys(factory);
    expect(keys).not.toContain("copy-1-old");
    expect(keys).toHaveLength(2); // the two blocks of Sheet1, both written: nothing was stored in parts before
    const reread = await reopened(factory);
    expect(withoutSettings(reread)).toEqual(withoutSettings(s.wb.saveDocument()));
    expect(reread?.settings).toEqual({ kept: 1 });
  });
});

describe("AutoSave's pace", () => {
  test("waits at least four times as long as the last save kept the page busy, 250 ms when saves are quick", async () => {
    const s = await session(factory, clock, { autoSave: true, tick: 1 });
    await s.run((book) => fill(book, "Sheet1", 0, 10));
    expect(clock.requested.at(-1)).toBe(250);
    await clock.advanceSettling(250);
    await flush(10);
    expect(s.file.status.unsaved).toBe(false);
    const slow = await session(new IDBFactory(), clock, { autoSave: true, tick: 20 });
    await slow.run((book) => fill(book, "Sheet1", 0, 4 * ROWS_PER_PART));
    await clock.advanceSettling(250);
    await flush(30);
    expect(slow.file.status.unsaved).toBe(false);
    await slow.run((book) => fill(book, "Sheet1", 0, 1));
    expect(clock.requested.at(-1)).toBeGreaterThanOrEqual(4 * 3 * 20);
  });
});
