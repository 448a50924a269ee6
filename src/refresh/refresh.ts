import { sheetNameProblem } from "../sheet";
import { basename } from "node:path";
import { addCredits, type BillingPlan } from "../billing";
import { type FetchLike } from "../client";
import { systemClock, type Clock } from "../clock";
import { Session, createKeyStore } from "../session";
import { DEFAULT_SPILL_LIMIT_BYTES } from "../service-cells";
import { findServiceCells, isXlsxError, type WorkbookFile } from "../xlsx";
import { readIdentifiedWorkbook, type WriteFileSystem } from "../xlsx/file";
import { AddinDocument } from "./addin-document";
import { buildHost, startEngine } from "./engine-setup";
import { executePlan } from "./execute-plan";
import { EXIT_CODES } from "./exit-codes";
import { newMeter, meteredFetch, type Meter } from "./metered-fetch";
import { planCost, planServiceCells, prepareCells } from "./plan-build";
import type { Rerun } from "./plan-cells";
import { planTables } from "./plan-tables";
import type { Plan } from "./plan-types";
import type { RefreshReport } from "./report";
import { readReports, runReports, unwrittenReports } from "./report-lists";
import { finish, refuse } from "./report-outcome";
import { freeStatuses, spillOutlook, type FreeStatuses } from "./spill-outlook";
import { writeWorkbook } from "./write-workbook";
import { checkTarget, writeTarget } from "./write-target";

export interface RefreshOptions {
  file: string;
  /** Where to write (default: the file itself, replaced only once the new one is complete). */
  out?: string;
  rerun: Rerun;
  budget?: number;
  dryRun: boolean;
  plan: BillingPlan;
  /** The service's address and the key: from the command line and the environment, never from the file. */
  serviceUrl?: string;
  apiKey?: string;
  /** Add a month-end snapshot: a new sheet of the refreshed results as values, with their sources, named so. */
  snapshot?: string;
  /** Replace a read-only target (never one open in Excel, or saved by someone else while the refresh ran). */
  force?: boolean;
}

export interface RefreshDeps {
  /** What time it is for the refresh: TODAY() and NOW(), the age of remembered runs, the recorded refresh times. */
  now: () => number;
  /** The client's timers (polling, retries); the system clock by default. */
  clientClock?: Clock;
  fetch?: FetchLike;
  spillLimitBytes?: number;
  /** Progress lines (never the key). */
  log?: (line: string) => void;
  /** The file operations of the final write (node:fs by default; tests inject a full disk). */
  fileSystem?: WriteFileSystem;
}

function emptyReport(options: RefreshOptions, at: number): RefreshReport {
  const zero = { executions: 0, reads: 0, total: 0 };
  return {
    file: options.file,
    dryRun: options.dryRun,
    plan: options.plan,
    rerun: options.rerun,
    ...(options.budget !== undefined ? { budget: options.budget } : {}),
    at: new Date(at).toISOString(),
    ...{ cells: [], tables: [], runs: [], reads: [], dependents: [], settings: [], notes: [] },
    estimate: zero,
    spent: zero,
    bytesRead: 0,
    requests: 0,
    exitCode: EXIT_CODES.fresh,
    summary: "",
  };
}

/** Everything before a request: the file read, its inputs computed, the plan and its estimated cost. */
async function planRefresh(options: RefreshOptions, now: number) {
  const { book, identity } = await readIdentifiedWorkbook(options.file);
  return { book, identity, ...setUp(book, options, now) };
}

function setUp(book: WorkbookFile, options: RefreshOptions, now: number) {
  const serviceCells = findServiceCells(book);
  const document = new AddinDocument(book);
  const host = buildHost(book, serviceCells);
  const prepared = prepareCells(book, serviceCells, host);
  const engine = startEngine(host, book, serviceCells, () => now);
  const plan: Plan = { cells: [], tables: [], reads: new Map(), runs: new Map() };
  const ctx = {
    plan: options.plan,
    rerun: options.rerun,
    now,
    times: document.refreshTimes(),
    remembered: (k: string) => document.run(k),
  };
  planServiceCells(plan, prepared, host, engine, ctx);
  planTables(plan, book, document.bindings(), ctx);
  return { plan, host, engine, document };
}

/**
 * The add-in's own session (the key kept in memory only): a dataset whose endpoint is gone is read from the saved
 * query behind it, exactly as a cell or the pane reads it.
 */
function refreshSession(options: RefreshOptions, deps: RefreshDeps, meter: Meter): Session {
  return new Session({
    keyStore: createKeyStore({}),
    defaultBaseUrl: options.serviceUrl ?? "",
    fetch: meteredFetch(deps.fetch, meter, options.plan),
    clientOptions: { clock: deps.clientClock ?? systemClock },
  });
}

/**
 * Refreshes a workbook file's SERVICE data without Excel: plans every read and run, prices them with the cost model,
 * refuses a plan over the budget before anything runs, then runs, reads and writes the file in one surgical edit
 * (or, with --dry-run, stops after the plan). Never throws for a refusal: the report says what happened and carries
 * the exit code.
 */
export async function refreshWorkbook(options: RefreshOptions, deps: RefreshDeps): Promise<RefreshReport> {
  const now = deps.now();
  const log = deps.log ?? (() => undefined);
  const report = emptyReport(options, now);
  // A target that would not be replaced at the end (open in Excel, read-only) is refused before anything is spent.
  const target = options.dryRun ? {} : await checkTarget(options);
  if (target.refusal) return refuse(report, target.refusal.code, target.refusal.message);
  let setup: Awaited<ReturnType<typeof planRefresh>>;
  try {
    setup = await planRefresh(options, now);
  } catch (error) {
    if (isXlsxError(error)) return refuse(report, EXIT_CODES.fileRefused, `${error.message}`);
    throw error;
  }
  const { book, identity, plan, host, engine, document } = setup;
  if (plan.cells.length === 0 && plan.tables.length === 0) {
    // Nothing the refresh could change: the file is not written (not even to --out), so it stays byte for byte
    // what Excel saved, volatile formulas (RAND, NOW) included.
    const elsewhere = options.out && options.out !== options.file ? `, and nothing was written to ${options.out}` : "";
    return finish(
      report,
      `Nothing to refresh: ${options.file} holds no SERVICE cell and no bound table; it was left as it was${elsewhere}.`,
    );
  }
  // Dates in the 1904 system are serials 1,462 days below the 1900 system's; the formula engine (TODAY, DATE,
  // EOMONTH…), date parameters and results shown as Excel dates all count in the 1900 system. A file with something
  // to refresh is refused rather than given dates four years off; one with nothing to refresh is not touched above.
  if (book.date1904)
    return refuse(
      report,
      EXIT_CODES.fileRefused,
      `"${options.file}" uses the 1904 date system, whose dates the refresh does not compute; nothing was written. ` +
        "Refresh it in Excel, or switch it to the 1900 date system there (File > Options > Advanced; its dates then need checking).",
    );
  // A snapshot that cannot be added (its month already has a sheet) is refused before any run or read is paid for.
  const snapshotProblem = options.snapshot
    ? sheetNameProblem(
        options.snapshot,
        book.sheets.map((s) => s.name),
      )
    : undefined;
  if (snapshotProblem)
    return refuse(
      report,
      EXIT_CODES.fileRefused,
      `--snapshot: ${snapshotProblem.replace("; nothing was written.", "; nothing was run, read or written.")}`,
    );
  report.estimate = planCost(plan);
  report.runs = runReports(plan);
  report.reads = readReports(plan);
  if (options.budget !== undefined && report.estimate.total > options.budget) {
    Object.assign(report, unwrittenReports(plan, "Not refreshed: the plan is over the budget."));
    const message = `The plan is estimated at ${report.estimate.total} credits, over the budget of ${options.budget}: nothing was run, read or written.`;
    return refuse(report, EXIT_CODES.budgetRefused, message);
  }
  const meter = newMeter();
  if (options.dryRun) {
    // With a key, the free statuses of the stored results it would read tell their sizes; without one, nothing is sent.
    let statuses: FreeStatuses = new Map();
    if (options.apiKey && options.serviceUrl) {
      const session = refreshSession(options, deps, meter);
      await session.signIn(options.apiKey);
      statuses = await freeStatuses(plan, session);
    }
    Object.assign(report, unwrittenReports(plan, undefined, spillOutlook(book, plan, statuses)));
    report.requests = meter.requests;
    return finish(report, "Dry run: nothing was run, read or written.");
  }
  const session = refreshSession(options, deps, meter);
  await session.signIn(options.apiKey ?? "");
  const spillLimitBytes = deps.spillLimitBytes ?? DEFAULT_SPILL_LIMIT_BYTES;
  const ex = await executePlan(plan, { session, meter, now: () => now, budget: options.budget, spillLimitBytes, log });
  report.runs = runReports(plan, ex);
  report.reads = readReports(plan, ex);
  const spent = { executions: ex.spentExecutions, reads: meter.readCredits };
  report.spent = { ...spent, total: addCredits(spent.executions, spent.reads) };
  report.bytesRead = meter.readBytes;
  report.requests = meter.requests;
  if (ex.fatal) {
    Object.assign(report, unwrittenReports(plan, `Not refreshed: ${ex.fatal}`));
    return refuse(report, EXIT_CODES.serviceUnavailable, `${ex.fatal} Nothing was written.`);
  }
  const secrets = options.apiKey ? [options.apiKey] : [];
  let written;
  try {
    const snapshot = options.snapshot ? { sheet: options.snapshot, file: basename(options.file) } : undefined;
    written = await writeWorkbook({
      ...{ book, host, engine, plan, ex, document, now, spillLimitBytes, secrets },
      ...(snapshot ? { snapshot } : {}),
    });
  } catch (error) {
    if (!isXlsxError(error)) throw error;
    Object.assign(report, unwrittenReports(plan, "Not written: the refresh was refused."));
    return refuse(report, EXIT_CODES.fileRefused, `${error.message} The reads above were made and billed.`);
  }
  const expected = target.expected === undefined ? identity : target.expected;
  return writeTarget(report, {
    options,
    plan,
    written,
    expected,
    now,
    log,
    ...(deps.fileSystem ? { fs: deps.fileSystem } : {}),
  });
}
