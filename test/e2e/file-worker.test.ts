import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Page } from "playwright-core";
import { buildWorkbook, openWorkbook, type NewCell } from "../../src/xlsx";
import { startPlayground, type Playground } from "./support/harness";
import { values } from "./support/sheet-actions";

// File → Open of a multi-MB workbook and its Download, through the File tab, converted in the page's file worker:
// progress is shown, the page keeps answering (Escape closes the File tab while a download is converting), a second
// click starts nothing, and the long tasks of the page's thread are recorded (their length goes to the bench, not
// into an assertion: it depends on the machine).
jest.setTimeout(300_000);

const ROWS = 60_000;
const COLUMNS = 8;
let pg: Playground;
let file: string;

/** ROWS x COLUMNS of numbers and text on one sheet, a header row first: about 2 MB as .xlsx. */
function bigBook(): Uint8Array {
  const cells: NewCell[] = [];
  for (let c = 0; c < COLUMNS; c++) cells.push({ row: 0, column: c, value: `col${c}` });
  for (let r = 1; r < ROWS; r++)
    for (let c = 0; c < COLUMNS; c++) cells.push({ row: r, column: c, value: c % 2 ? `t${r % 997}-${c}` : r + c / 10 });
  return buildWorkbook({ sheets: [{ name: "Data", cells }] });
}

/** Records in the page, in every document it loads (File → Open reloads it): long tasks and the progress said. */
async function probe(page: Page) {
  const seen = { tasks: [] as number[], progress: [] as string[] };
  await page.exposeBinding("__fileProbe", (_source, kind: "task" | "progress", value: number | string) => {
    if (kind === "task") seen.tasks.push(value as number);
    else if (seen.progress.at(-1) !== value) seen.progress.push(value as string);
  });
  // As text: the test's transpiled helpers do not exist in the page.
  const script = `(() => {
    const report = (kind, value) => window.__fileProbe?.(kind, value);
    new PerformanceObserver((list) => { for (const e of list.getEntries()) report("task", e.duration); })
      .observe({ type: "longtask" });
    new MutationObserver(() => {
      const text = document.querySelector(".pg-file-progress:not([hidden]) .pg-file-progress-text")?.textContent;
      if (text) report("progress", text);
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`;
  await page.addInitScript(script);
  await page.evaluate(script);
  return seen;
}

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), "file-worker-"));
  file = join(dir, "Big.xlsx");
  await writeFile(file, bigBook());
  pg = await startPlayground();
}, 600_000);

afterAll(async () => {
  await pg?.close();
  if (file) await rm(dirname(file), { recursive: true, force: true });
});

test("File → Open and Download of a multi-MB workbook run in the worker, with progress, the page answering", async () => {
  const page = await pg.open();
  const seen = await probe(page);
  page.on("dialog", (dialog) => void dialog.accept()); // "Open Big.xlsx in place of this workbook?"
  await page.getByRole("tab", { name: "File", exact: true }).click();
  const fileTab = page.getByRole("dialog", { name: "File" });
  await fileTab.getByRole("button", { name: "Open", exact: true }).click();
  await Promise.all([
    page.waitForEvent("load", { timeout: 240_000 }),
    fileTab.getByLabel("Workbook file").setInputFiles(file),
  ]);
  await page.waitForFunction(() => document.body?.dataset.ready === "true", undefined, { timeout: 120_000 });
  const opened = await page.evaluate(() => window.playground?.opened());
  expect(opened).toEqual({ name: "Big.xlsx", ranIn: "worker" });
  expect(seen.progress).toEqual(expect.arrayContaining(["Reading sheet 1 of 1…", "Converting sheet 1 of 1…"]));
  expect(await values(page, "A1:B2", "Data")).toEqual([
    ["col0", "col1"],
    [1, "t1-1"],
  ]);
  const openTasks = seen.tasks.splice(0);
  seen.progress.length = 0;

  // Download of the opened workbook: progress shows, its buttons are disabled (a second click starts nothing), and
  // Escape closes the File tab while the worker writes; the file still arrives.
  await page.getByRole("tab", { name: "File", exact: true }).click();
  await fileTab.getByRole("button", { name: "Download", exact: true }).click();
  const xlsx = fileTab.locator("[data-format=xlsx]");
  const downloading = page.waitForEvent("download", { timeout: 240_000 });
  await xlsx.click();
  await fileTab
    .getByRole("status")
    .getByText(/^(Collecting|Preparing|Writing|Compressing)/)
    .waitFor();
  expect(await xlsx.isDisabled()).toBe(true);
  expect(await fileTab.locator("[data-format=json]").isDisabled()).toBe(true);
  let arrived = false;
  void downloading.then(() => (arrived = true)).catch(() => undefined); // awaited below
  await page.keyboard.press("Escape");
  await expect(fileTab.isHidden()).resolves.toBe(true);
  // The grid has the focus again and moves while the worker writes (the page's thread is free for it).
  const nameBox = page.getByLabel("Name Box");
  const before = await nameBox.inputValue();
  await page.keyboard.press("PageDown");
  await page.waitForFunction(
    (was) => (document.querySelector("[aria-label='Name Box']") as HTMLInputElement).value !== was,
    before,
  );
  expect(arrived).toBe(false);
  const download = await downloading;
  const saved = join(dirname(file), "Book1.xlsx");
  await download.saveAs(saved);
  await page.getByRole("status", { name: "Status" }).getByText("Downloaded Book1.xlsx.", { exact: false }).waitFor();
  const sheet = openWorkbook(new Uint8Array(await readFile(saved))).worksheet("Data");
  expect(sheet.cells.size).toBe(ROWS * COLUMNS);
  expect(seen.progress).toEqual(expect.arrayContaining(["Writing sheet 1 of 1…"]));
  // The page's long tasks while the worker read and wrote (PerformanceObserver "longtask"), for the log.
  const longest = (tasks: number[]) => Math.round(Math.max(0, ...tasks));
  process.stderr.write(
    `file-worker e2e: longest main-thread task during Open ${longest(openTasks)} ms (reload included), ` +
      `during Download ${longest(seen.tasks)} ms\n`,
  );
});
