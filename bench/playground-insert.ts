import type { CDPSession, Page } from "playwright-core";
import { startPlayground } from "../test/e2e/support/harness";
import { acceptInsertCost, pane, runQuery, setCapPerRequest, watchRunState } from "../test/e2e/support/pane-actions";
import { goTo } from "../test/e2e/support/sheet-actions";
import type { BenchOptions } from "./args";
import { traceMainThread, type TracedTask } from "./main-thread-trace";
import { emptySection, type SectionResult } from "./report";
import { mb, ms, num } from "./stats";

/** A main-thread task this long or longer is a freeze a user feels (input and paint wait for it). */
const FREEZE_MS = 200;

/**
 * In the page (as text: the bench runs under tsx, whose helpers do not exist in the page): every long task
 * (PerformanceObserver "longtask", tasks of 50 ms or more) and the longest gap between 10 ms timer ticks.
 */
const WATCH = `(() => {
  window.__bench = { tasks: [], gap: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.tasks.push(e.duration); })
    .observe({ type: "longtask" });
  let last = performance.now();
  window.__bench.timer = setInterval(() => {
    const now = performance.now();
    window.__bench.gap = Math.max(window.__bench.gap, now - last);
    last = now;
  }, 10);
})()`;
/**
 * The cap per request the insert needs, raised in Account as a user would: the 1,000,000-row result costs about
 * 5,055 credits on the Free plan, and the pane's default cap (100) refuses it before a row is read.
 */
const CAP_PER_REQUEST = 10_000;
/** How the Progress region says an insert ended: written, cancelled, or refused before it began. */
const ENDED = /^(Inserted [\d,]+ rows|Insert cancelled|Insert not started|Over the cap of|Stopped: the rest)/;

const READ = `(() => { clearInterval(window.__bench.timer); return { tasks: window.__bench.tasks, gap: window.__bench.gap }; })()`;

interface InsertRun {
  ms: number;
  /** Long tasks (PerformanceObserver), in ms. */
  tasks: number[];
  /** Tasks of 200 ms or more from the trace, with whether the workbook file's save ran in them. */
  traced: TracedTask[];
  gap: number;
  peakHeap: number;
  message: string;
}

/** The JS heap in use, sampled while `work` runs; returns the peak. */
async function peakHeap(cdp: CDPSession, work: Promise<unknown>): Promise<number> {
  let peak = 0;
  let done = false;
  // Either way the sampling stops; a failed insert is thrown by the await below.
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    const { metrics } = await cdp.send("Performance.getMetrics");
    peak = Math.max(peak, metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0);
    await new Promise((r) => setTimeout(r, 250));
  }
  await work;
  return peak;
}

/** Runs query 1003 from the pane and inserts it on Sheet2; with `cancelAfterMs`, presses Cancel that long in. */
async function insertRun(page: Page, cancelAfterMs?: number): Promise<InsertRun & { cancelMs?: number }> {
  await goTo(page, "Sheet2!A1");
  await setCapPerRequest(page, CAP_PER_REQUEST);
  await runQuery(page, 1003);
  await watchRunState(page, /^completed$/, 180_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.evaluate(WATCH);
  const stopTrace = await traceMainThread(cdp, FREEZE_MS);
  const progress = pane(page).getByRole("region", { name: "Progress" });
  const started = performance.now();
  await pane(page).getByRole("region", { name: "Insert the result" }).getByRole("button", { name: "Insert" }).click();
  // The first page arrives before the pane asks to agree to the rest's cost (a 1,000,000-row result has more pages).
  await acceptInsertCost(page, 120_000);
  let cancelMs: number | undefined;
  const finished = (async () => {
    if (cancelAfterMs !== undefined) {
      await page.waitForTimeout(cancelAfterMs);
      const pressed = performance.now();
      await progress.getByRole("button", { name: "Cancel" }).click();
      await progress.getByText(/^Insert cancelled/).waitFor({ timeout: 120_000 });
      cancelMs = performance.now() - pressed;
    } else {
      // Any end, so a refusal fails the section at once instead of waiting 900 s for rows that never come.
      const ended = progress.getByText(ENDED);
      await ended.waitFor({ timeout: 900_000 });
      const said = await ended.innerText();
      if (!said.startsWith("Inserted")) throw new Error(`The insert did not run: ${said}`);
    }
  })();
  const peak = await peakHeap(cdp, finished);
  const elapsed = performance.now() - started;
  const { tasks, gap } = (await page.evaluate(READ)) as { tasks: number[]; gap: number };
  const traced = await stopTrace();
  const message = (await progress.innerText()).split("\n").find((l) => /^Insert(ed| cancelled)/.test(l)) ?? "";
  await page.context().close();
  return { ms: elapsed, tasks, traced, gap, peakHeap: peak, message, cancelMs };
}

const longestOf = (tasks: readonly TracedTask[]) => Math.max(0, ...tasks.map((t) => t.ms));
const total = (tasks: readonly TracedTask[]) => tasks.reduce((sum, t) => sum + t.ms, 0);

function row(what: string, r: InsertRun): string[] {
  const others = r.traced.filter((t) => !t.saving);
  const saves = r.traced.filter((t) => t.saving);
  return [
    what,
    ms(r.ms),
    ms(Math.max(0, ...r.tasks)),
    `${num(r.traced.length)} (${ms(total(r.traced))})`,
    `${ms(longestOf(others))}, ${num(others.length)} (${ms(total(others))})`,
    `${ms(longestOf(saves))}, ${num(saves.length)} (${ms(total(saves))})`,
    ms(r.gap),
    mb(r.peakHeap, 0),
  ];
}

/**
 * Section 7: the 1,000,000-row result of query 1003 inserted from the pane into the playground in Chromium, as a
 * user does it: time to the last row, the page's longest main-thread task (a freeze: no input, no paint), the
 * tasks over 200 ms, the longest gap between 10 ms timer ticks, the JS heap's peak; then an insert cancelled after
 * five seconds, and how long the cancel took to take effect.
 */
export async function playgroundSection(options: BenchOptions, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection("playground", "7. Playground: a 1,000,000-row insert in the browser");
  const pg = await startPlayground();
  try {
    const full = await insertRun(await pg.open());
    log(`  insert: ${ms(full.ms)}, longest task ${ms(Math.max(0, ...full.tasks))}; ${full.message}`);
    const cancelled = await insertRun(await pg.open(), options.quick ? 3000 : 5000);
    log(`  cancelled insert: cancel took ${ms(cancelled.cancelMs ?? NaN)}; ${cancelled.message}`);
    section.tables.push({
      head: [
        "run",
        "time",
        "longest task",
        `tasks >= ${FREEZE_MS} ms (total)`,
        "without the file save: longest, count (total)",
        "saving the file: longest, count (total)",
        "longest timer gap",
        "JS heap peak",
      ],
      rows: [row("insert 1,000,000 x 10", full), row("insert, cancelled", cancelled)],
    });
    section.tables.push({
      head: ["figure", "value"],
      rows: [
        ["inserted", full.message],
        ["cancel pressed → the pane says cancelled", ms(cancelled.cancelMs ?? NaN)],
        ["cancelled insert", cancelled.message],
      ],
    });
    const longest = Math.max(0, ...full.tasks);
    const others = longestOf(full.traced.filter((t) => !t.saving));
    section.headline.push(
      `Playground insert of 1,000,000 x 10: ${ms(full.ms)}, longest freeze ${ms(longest)} (${ms(others)} outside the workbook file's save), cancel effective in ${ms(cancelled.cancelMs ?? NaN)}`,
    );
    section.notes.push(
      "Freezes are the page's main-thread tasks as Chromium reports them. The workbook file's save (src/playground/host/workbook-file.ts: the blocks of rows changed since the last save, serialised a slice at a time, 250 ms or more after a change, so again and again during an insert) runs in the same page; the trace tells its tasks from the rest.",
    );
    return section;
  } finally {
    await pg.close();
  }
}
