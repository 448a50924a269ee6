import { IDBFactory } from "fake-indexeddb";
import { FILE_BUSY, FileCommands, OPENED_ITEM } from "../../../src/playground/host/file-commands";
import { convert, type ConversionRequest } from "../../../src/playground/host/file-conversion";
import {
  FileConverter,
  InlineCarrier,
  WorkerCarrier,
  type FromWorker,
  type ToWorker,
  type WorkerLike,
} from "../../../src/playground/host/file-converter";
import type { FileProgress } from "../../../src/playground/host/file-progress";
import { IdbFileStore } from "../../../src/playground/host/file-store";
import { readOpenedFile } from "../../../src/playground/host/opened-file";
import { WorkbookFile } from "../../../src/playground/host/workbook-file";
import { documentFromXlsx } from "../../../src/playground/host/xlsx-import";
import { xlsxBytesOf } from "../../../src/playground/host/xlsx-export";
import { createWorkbook, type WorkbookDocument } from "../../../src/playground/workbook";
import { ManualClock } from "../../support/manual-clock";

/** Two sheets of values, a formula, a format and a table: enough for every step of both conversions to show. */
function book(): WorkbookDocument {
  const rows = (name: string, count: number) => ({
    name,
    values: Array.from({ length: count }, (_, r) => [r, 0, r === 0 ? "id" : r] as [number, number, number | string]),
    formulas: name === "Data" ? ([[0, 2, "=SUM(A2:A5)"]] as [number, number, string][]) : [],
    formats: [[1, 0, "0.00"]] as [number, number, string][],
  });
  return {
    version: 1,
    sheets: [rows("Data", 5000), rows("More", 10)],
    tables: [
      { name: "Ids", sheet: "More", row: 0, column: 0, rowCount: 10, columnCount: 1, style: "TableStyleLight1" },
    ],
    activeSheet: "More",
    settings: { "service.kept": { a: 1 } },
    spills: [],
  };
}

/** A fake worker: what is posted to it runs through `convert` on a later turn, as across threads, transfers noted. */
class FakeWorker implements WorkerLike {
  readonly transferred: Transferable[][] = [];
  readonly #message: ((event: MessageEvent<FromWorker>) => void)[] = [];
  readonly #error: ((event: Event) => void)[] = [];
  postMessage({ id, request }: ToWorker, transfer: Transferable[]): void {
    this.transferred.push(transfer);
    setImmediate(() =>
      convert(request, (answer) => {
        for (const l of this.#message)
          l({ data: { id, answer: { ...answer, ranIn: "worker" } } } as MessageEvent<FromWorker>);
      }),
    );
  }
  addEventListener(type: "message", listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: "error", listener: (event: Event) => void): void;
  addEventListener(type: "message" | "error", listener: (event: MessageEvent<FromWorker>) => void): void {
    if (type === "message") this.#message.push(listener);
    else this.#error.push(listener as (event: Event) => void);
  }
  fail(): void {
    for (const l of this.#error) l(new Event("error"));
  }
}

const bytesOf = (doc: WorkbookDocument) => xlsxBytesOf(doc);

function recorder() {
  const seen: FileProgress[] = [];
  return { seen, onProgress: (p: FileProgress) => seen.push(p) };
}

/** Fractions of a conversion's progress go from 0 towards 1 and never back. */
function expectOrdered(seen: FileProgress[]) {
  const fractions = seen.map((p) => p.fraction);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  expect(Math.min(...fractions)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...fractions)).toBeLessThanOrEqual(1);
}

describe.each([
  ["on the page (no worker)", () => new FileConverter(new InlineCarrier()), "page"],
  ["through a worker", () => new FileConverter(new WorkerCarrier(() => new FakeWorker())), "worker"],
] as const)("File → Open's conversion %s", (_, converter, ranIn) => {
  test("an .xlsx: the copy to store is the document the reader makes, told sheet by sheet", async () => {
    const bytes = bytesOf(book());
    const expected = documentFromXlsx(bytes.slice(), "Book.xlsx");
    const { seen, onProgress } = recorder();
    const opened = await converter().open(bytes, "Book.xlsx", onProgress);
    expect(opened.ranIn).toBe(ranIn);
    const { settings, ...rest } = expected;
    expect(JSON.parse(opened.result.json)).toEqual(rest);
    expect(JSON.parse(opened.result.settings)).toEqual(settings);
    expect(seen.map((p) => p.text)).toEqual([
      "Reading sheet 1 of 2…",
      "Reading sheet 2 of 2…",
      "Converting sheet 1 of 2…",
      "Converting sheet 2 of 2…",
      "Preparing the workbook…",
    ]);
    expectOrdered(seen);
  });

  test("a playground .json, told apart by its content", async () => {
    const json = new TextEncoder().encode(JSON.stringify(book()));
    const opened = await converter().open(json, "renamed.xlsx.txt");
    expect(JSON.parse(opened.result.json).activeSheet).toBe("More");
  });

  test("a file that is not a workbook fails with the reader's own message", async () => {
    const junk = new TextEncoder().encode("not a workbook");
    const said = (() => {
      try {
        readOpenedFile(junk.slice(), "notes.txt");
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(said).toMatch(/not a playground workbook/);
    await expect(converter().open(junk, "notes.txt")).rejects.toThrow(said!);
  });

  test("Download: the sheets as the page collected them, written as .xlsx and as .json", async () => {
    const wb = createWorkbook({ document: book() });
    const doc = wb.saveDocument();
    const parts = wb.saveParts();
    const collected = {
      head: parts.head,
      settings: parts.settings,
      sheets: parts.sheets.map((s) => ({ name: s.name, parts: s.blocks().map((b) => s.serialise(b)!.json) })),
    };
    const { seen, onProgress } = recorder();
    const xlsx = await converter().write("xlsx", collected, onProgress);
    expect(xlsx.ranIn).toBe(ranIn);
    expect(documentFromXlsx(xlsx.result)).toEqual(documentFromXlsx(xlsxBytesOf(doc)));
    expect(seen.map((p) => p.text)).toEqual([
      "Preparing the workbook…",
      "Writing sheet 1 of 2…",
      "Writing sheet 2 of 2…",
      "Compressing the file…",
    ]);
    expectOrdered(seen);
    const json = await converter().write("json", collected);
    expect(JSON.parse(new TextDecoder().decode(json.result))).toEqual(doc);
  });

  test("an unknown format fails saying so", async () => {
    const empty = { head: { version: 1 as const, tables: [], activeSheet: "S", spills: [] }, settings: {}, sheets: [] };
    await expect(converter().write("pdf", empty)).rejects.toThrow("pdf: not available.");
  });
});

describe("the worker carrier", () => {
  test("the opened file's buffer is moved to the worker, not copied", async () => {
    const worker = new FakeWorker();
    const bytes = bytesOf(book());
    await new FileConverter(new WorkerCarrier(() => worker)).open(bytes, "Book.xlsx");
    expect(worker.transferred[0]).toEqual([bytes.buffer]);
  });

  test("answers go to their own request when two are in flight", async () => {
    const converter = new FileConverter(new WorkerCarrier(() => new FakeWorker()));
    const json = (doc: WorkbookDocument) => new TextEncoder().encode(JSON.stringify(doc));
    const other = { ...book(), activeSheet: "Data" };
    const [a, b] = await Promise.all([converter.open(json(book()), "a.json"), converter.open(json(other), "b.json")]);
    expect([JSON.parse(a.result.json).activeSheet, JSON.parse(b.result.json).activeSheet]).toEqual(["More", "Data"]);
  });

  test("a worker that fails to start fails the waiting request with a message to act on, and the next starts anew", async () => {
    const started: FakeWorker[] = [];
    const converter = new FileConverter(
      new WorkerCarrier(() => {
        const w = new FakeWorker();
        w.postMessage = () => undefined; // never answers
        started.push(w);
        return w;
      }),
    );
    const waiting = converter.open(new Uint8Array(4), "a.xlsx");
    started[0]!.fail();
    await expect(waiting).rejects.toThrow(/did not start.*Reload the page/);
    void converter.open(new Uint8Array(4), "b.xlsx").catch(() => undefined);
    expect(started).toHaveLength(2);
  });
});

describe("File → Open and Download commands", () => {
  async function commands(converter = new FileConverter(new InlineCarrier())) {
    const factory = new IDBFactory();
    const clock = new ManualClock();
    const store = await IdbFileStore.open(factory);
    const file = new WorkbookFile(store, { autoSave: true, clock });
    const wb = createWorkbook({ document: book() });
    const reloads: number[] = [];
    const notes = new Map<string, string>();
    const cmds = new FileCommands(file, wb, () => reloads.push(1), converter, {
      clock,
      notes: { setItem: (k, v) => void notes.set(k, v) },
    });
    const reopened = () => new WorkbookFile(store, { autoSave: true, clock }).open();
    return { cmds, reloads, notes, factory, clock, reopened };
  }

  test("Open stores the converted copy, notes where it was read, and reopens", async () => {
    const { cmds, reloads, notes, reopened } = await commands();
    const other = { ...book(), activeSheet: "Data" };
    const { seen, onProgress } = recorder();
    await cmds.open(xlsxBytesOf(other), "Other.xlsx", onProgress);
    expect(reloads).toHaveLength(1);
    expect(JSON.parse(notes.get(OPENED_ITEM)!)).toEqual({ name: "Other.xlsx", ranIn: "page" });
    expect((await reopened())?.activeSheet).toBe("Data");
    expect(seen.at(-1)).toEqual({ text: "Opening the workbook…", fraction: 1 });
  });

  test("a second Open or Download while one runs starts nothing and says why", async () => {
    const { cmds } = await commands(new FileConverter(new WorkerCarrier(() => new FakeWorker())));
    const first = cmds.download("xlsx");
    expect(cmds.busy).toBe(true);
    await expect(cmds.download("json")).rejects.toThrow(FILE_BUSY);
    await expect(cmds.open(new Uint8Array(4), "x.xlsx")).rejects.toThrow(FILE_BUSY);
    const done = await first;
    expect([done.name, done.ranIn, cmds.busy]).toEqual(["Book1.xlsx", "worker", false]);
    await expect(cmds.download("json")).resolves.toMatchObject({ name: "Book1.json" });
  });

  test("a failed Open keeps the workbook and reloads nothing", async () => {
    const { cmds, reloads } = await commands();
    await expect(cmds.open(new TextEncoder().encode("{}"), "x.json")).rejects.toThrow(/not a playground workbook/);
    expect([reloads.length, cmds.busy]).toEqual([0, false]);
  });
});

test("the request types carry only what a worker can receive (no functions, no class instances)", () => {
  const request: ConversionRequest = { kind: "open", bytes: new ArrayBuffer(1), fileName: "a.xlsx" };
  expect(structuredClone(request)).toEqual(request);
});
