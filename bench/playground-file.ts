import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { buildWorkbook, type NewCell } from "../src/xlsx";
import { startPlayground, type Playground } from "../test/e2e/support/harness";
import type { BenchOptions } from "./args";
import { emptySection, type SectionResult } from "./report";
import { mb, ms, num } from "./stats";

/** 185,000 rows x 8 columns (half numbers, half text), one sheet: about 6.6 MB as .xlsx, the size the case is about. */
const ROWS = 185_000;
const COLUMNS = 8;

function workbookBytes(rows: number): Uint8Array {
  const cells: NewCell[] = [];
  for (let c = 0; c < COLUMNS; c++) cells.push({ row: 0, column: c, value: `col${c}` });
  for (let r = 1; r < rows; r++)
    for (let c = 0; c < COLUMNS; c++)
      cells.push({ row: r, column: c, value: c % 2 ? `item ${r % 4999}-${c}` : r * 1.25 + c });
  return buildWorkbook({ sheets: [{ name: "Data", cells }] });
}

/** The page's long tasks (PerformanceObserver "longtask") and its longest gap between 10 ms timer ticks. */
interface Watched {
  tasks: number[];
  gap: number;
}

/** Records in the page through a binding, and again in every document the page loads (File → Open's reload). */
async function watch(page: Page): Promise<Watched> {
  const watched: Watched = { tasks: [], gap: 0 };
  await page.exposeBinding("__benchFile", (_source, kind: "task" | "gap", value: number) => {
    if (kind === "task") watched.tasks.push(value);
    else watched.gap = Math.max(watched.gap, value);
  });
  // As text: the bench runs under tsx, whose helpers do not exist in the page.
  const script = `(() => {
    // Kept until the binding is there (in a document just loaded it may come after the first tasks).
    const queue = [];
    const report = (kind, value) => {
      queue.push([kind, value]);
      while (window.__benchFile && queue.length) window.__benchFile(...queue.shift());
    };
    new PerformanceObserver((list) => { for (const e of list.getEntries()) report("task", e.duration); })
      .observe({ type: "longtask" });
    let last = performance.now();
    setInterval(() => { const now = performance.now(); report("gap", now - last); last = now; }, 10);
  })()`;
  await page.addInitScript(script);
  await page.evaluate(script);
  return watched;
}

interface FileRun {
  openMs: number;
  /** Longest task from the click until the page reloads with the opened file, and in the reopened page's load. */
  openLongest: number;
  reopenLongest: number;
  openGap: number;
  downloadMs: number;
  downloadLongest: number;
  downloadGap: number;
  ranIn: string;
}

async function fileRun(pg: Playground, file: string, query: string): Promise<FileRun> {
  const page = await pg.open(query);
  page.on("dialog", (dialog) => void dialog.accept());
  const watched = await watch(page);
  const fileTab = page.getByRole("dialog", { name: "File" });
  await page.getByRole("tab", { name: "File", exact: true }).click();
  await fileTab.getByRole("button", { name: "Open", exact: true }).click();
  const started = performance.now();
  // The reload starts once the opened copy is stored: the page's tasks until then are the conversion's.
  const reloading = page.waitForEvent("framenavigated", { timeout: 900_000 });
  await fileTab.getByLabel("Workbook file").setInputFiles(file);
  await reloading;
  const before = { tasks: [...watched.tasks], gap: watched.gap };
  watched.tasks.length = 0;
  watched.gap = 0;
  await page.waitForFunction(() => document.body?.dataset.ready === "true", undefined, { timeout: 900_000 });
  const openMs = performance.now() - started;
  const reopen = [...watched.tasks];
  const ranIn = String(await page.evaluate(() => window.playground?.opened()?.ranIn));
  watched.tasks.length = 0;
  watched.gap = 0;
  await page.getByRole("tab", { name: "File", exact: true }).click();
  await fileTab.getByRole("button", { name: "Download", exact: true }).click();
  const downloadStarted = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 900_000 }),
    fileTab.locator("[data-format=xlsx]").click(),
  ]);
  await download.path();
  const downloadMs = performance.now() - downloadStarted;
  const longest = (tasks: number[]) => Math.max(0, ...tasks);
  const result = {
    openMs,
    openLongest: longest(before.tasks),
    reopenLongest: longest(reopen),
    openGap: before.gap,
    downloadMs,
    downloadLongest: longest(watched.tasks),
    downloadGap: watched.gap,
    ranIn,
  };
  await page.context().close();
  return result;
}

/**
 * Section 7b: File → Open of a 6.6 MB workbook and its Download as .xlsx in the playground (Chromium), converted on
 * the page's thread (`?fileworker=off`, as before the file worker) and in the file worker, in the same run: the time
 * each takes and the page's longest main-thread task meanwhile (a freeze: no input, no paint).
 */
export async function playgroundFileSection(
  options: BenchOptions,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection("playground-file", "7b. Playground: File → Open and Download of a 6.6 MB workbook");
  const dir = await mkdtemp(join(tmpdir(), "bench-playground-file-"));
  const pg = await startPlayground();
  try {
    const file = join(dir, "Big.xlsx");
    const rows = options.quick ? ROWS / 4 : ROWS;
    await writeFile(file, workbookBytes(rows));
    const size = (await stat(file)).size;
    log(`  workbook: ${num(rows)} x ${COLUMNS}, ${mb(size)}`);
    const inline = await fileRun(pg, file, "?fileworker=off");
    log(`  on the page: open ${ms(inline.openMs)}, download ${ms(inline.downloadMs)}`);
    const worker = await fileRun(pg, file, "");
    log(`  in the worker: open ${ms(worker.openMs)}, download ${ms(worker.downloadMs)}`);
    const row = (what: string, r: FileRun) => [
      `${what} (ran in: ${r.ranIn})`,
      ms(r.openMs),
      ms(r.openLongest),
      ms(r.openGap),
      ms(r.reopenLongest),
      ms(r.downloadMs),
      ms(r.downloadLongest),
      ms(r.downloadGap),
    ];
    section.tables.push({
      caption: `*${num(rows)} x ${COLUMNS} on one sheet, ${mb(size)} as .xlsx*`,
      head: [
        "conversion",
        "Open: to the reopened page",
        "longest task until the reload",
        "longest timer gap",
        "reopened page's longest task",
        "Download .xlsx",
        "longest task",
        "longest timer gap",
      ],
      rows: [row("on the page's thread", inline), row("in the file worker", worker)],
    });
    // A freeze is the longer of the two measures: a long task that ends just before the reload is not always reported
    // to the observer before the page goes, while the timer's gap is.
    const freeze = (task: number, gap: number) => ms(Math.max(task, gap));
    section.headline.push(
      `Playground File → Open of ${mb(size)}: longest freeze ${freeze(inline.openLongest, inline.openGap)} on the page's thread → ${freeze(worker.openLongest, worker.openGap)} with the file worker (then ${ms(worker.reopenLongest)} reopening); Download .xlsx: ${freeze(inline.downloadLongest, inline.downloadGap)} → ${freeze(worker.downloadLongest, worker.downloadGap)}`,
    );
    section.notes.push(
      "Open's time runs from choosing the file to the reopened page being ready: the conversion, storing the copy, the reload and the reopened workbook's load and calculation, which run on the page's thread either way (its longest task is its own column). Long tasks from PerformanceObserver, reported through a binding that outlives the reload.",
    );
    return section;
  } finally {
    await pg.close();
    await rm(dir, { recursive: true, force: true });
  }
}
