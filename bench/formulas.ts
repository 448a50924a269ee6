import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { BenchOptions } from "./args";
import { runChild } from "./child";
import type { FormulasWorkerResult } from "./formulas-worker";
import type { ReportWorkerResult } from "./report-worker";
import { emptySection, type SectionResult } from "./report";
import { API_KEY, startServiceProcess } from "./service-process";
import { median, ms, num } from "./stats";

const CELLS = 100;
const FORMULA = '=SERVICE.DATASET("dex","ethereum")';

/** Section 2: 100 cells with one formula, then Refresh All; requests issued and time until every cell has its value. */
export async function formulasSection(options: BenchOptions, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection("formulas", `2. Formulas: ${CELLS} cells with ${FORMULA}, then Refresh All`);
  if (!existsSync(resolve(__dirname, "../src/functions/index.ts"))) {
    section.error = "src/functions has not landed yet";
    section.targets.push({
      what: "Formulas",
      target: "1 request each time",
      measured: "not measured",
      verdict: "not run",
      why: section.error,
    });
    return section;
  }
  // Its own service with the curated datasets on, so their timers never run during the other sections.
  const service = await startServiceProcess({ datasets: true });
  let r: FormulasWorkerResult;
  let report: ReportWorkerResult;
  try {
    r = await runChild<FormulasWorkerResult>("formulas-worker.ts", [
      service.url,
      API_KEY,
      String(Math.max(3, options.reps)),
    ]);
    report = await runChild<ReportWorkerResult>("report-worker.ts", [service.url, API_KEY]);
  } finally {
    await service.stop();
  }
  log(`  report: ${report.executes} executes for ${report.cells} cells, all filled in ${ms(report.ms)}`);
  log(
    `  formulas: first ${r.first.requests} request(s) in ${ms(r.first.ms)}; refreshes ${r.refreshes.map((x) => `${x.requests} in ${ms(x.ms)}`).join(", ")}`,
  );
  const refreshMs = median(r.refreshes.map((x) => x.ms));
  section.tables.push({
    head: ["moment", "HTTP requests", "time until all 100 cells have values", "cells with values"],
    rows: [
      ["100 cells entered (one calculation)", num(r.first.requests), ms(r.first.ms), num(r.first.cellsWithValue)],
      ...r.refreshes.map((x, i) => [`Refresh All #${i + 1}`, num(x.requests), ms(x.ms), num(x.cellsWithValue)]),
    ],
  });
  const rounds = [r.first, ...r.refreshes];
  const allOne = rounds.every((x) => x.requests === 1);
  const allFilled = rounds.every((x) => x.cellsWithValue === CELLS);
  section.targets.push({
    what: `Formulas: HTTP requests for ${CELLS} identical cells, first calculation and each Refresh All`,
    target: "1 each time",
    measured: rounds.map((x) => num(x.requests)).join(", "),
    verdict: allOne && allFilled ? "met" : "missed",
    why:
      allOne && allFilled
        ? undefined
        : allFilled
          ? "identical requests were not shared by the cache"
          : "some cells did not receive a value",
  });
  section.headline.push(
    `Formulas: ${CELLS} identical cells cost ${r.first.requests} request (${ms(r.first.ms)} until all show ${num(r.rowsPerCell)} rows); ` +
      `Refresh All ${r.refreshes.map((x) => x.requests).join("/")} request(s), ${ms(refreshMs)} median until every cell is updated`,
  );
  const sets = report.parameterSets;
  section.tables.push({
    caption: `Report: ${report.cells} =SERVICE.QUERY(1001,"symbol",…) cells over ${sets} distinct inputs, then Run all needed`,
    head: ["figure", "value"],
    rows: [
      ["executes on entering and recalculating the cells", num(report.executesBeforeRun)],
      ["rows in the Report (distinct inputs)", num(report.rowsBeforeRun)],
      ["Run all needed offered", `${num(report.neededRuns)} runs, ${num(report.neededCredits)} credits`],
      ["executes during Run all needed", num(report.executes)],
      [`time until all ${report.cells} cells show their results`, ms(report.ms)],
      ["cells with their result", num(report.cellsWithResult)],
    ],
  });
  const reportMet =
    report.executes === sets && report.executesBeforeRun === 0 && report.cellsWithResult === report.cells;
  section.targets.push({
    what: `Report: executes for ${report.cells} SERVICE.QUERY cells over ${sets} distinct inputs (Run all needed)`,
    target: `exactly ${sets}, none before`,
    measured: `${num(report.executes)} (before the run: ${num(report.executesBeforeRun)}); all cells filled in ${ms(report.ms)}`,
    verdict: reportMet ? "met" : "missed",
    why: reportMet ? undefined : `${report.cellsWithResult} of ${report.cells} cells filled`,
  });
  section.headline.push(
    `Report: ${report.cells} SERVICE.QUERY cells over ${sets} input sets: Run all needed made ${report.executes} executes, every cell filled in ${ms(report.ms)}`,
  );
  section.notes.push(
    "Report: the runs go one after another through the pane's run controller (as the Report tab does), each polled to completion; the time includes the engine running query 1001 five times.",
    `Each cell spills ${num(r.rowsPerCell)} rows (header included) x 12 columns. Cache afterwards: ${Object.entries(
      r.cacheStats,
    )
      .map(([k, v]) => `${k} ${num(v)}`)
      .join(", ")}.`,
    "Time runs from entering the cells (or calling refreshAll()) until the last cell's streaming invocation received its value; the dataset's snapshot was made before the clock started.",
  );
  return section;
}
