import { basename } from "node:path";
import { isXlsxError } from "../xlsx";
import {
  inspectTarget,
  readIdentifiedFile,
  replaceWorkbookFile,
  type FileIdentity,
  type WriteFileSystem,
} from "../xlsx/file";
import { EXIT_CODES, type ExitCode } from "./exit-codes";
import type { Plan } from "./plan-types";
import type { RefreshReport } from "./report";
import { unwrittenReports } from "./report-lists";
import { finish, refuse } from "./report-outcome";
import type { WorkbookWrite } from "./write-workbook";

interface Target {
  file: string;
  out?: string;
  force?: boolean;
}

/** What the end of the refresh will compare the target with, or why the refresh stops before spending anything. */
export type TargetCheck =
  { refusal: { code: ExitCode; message: string } } | { refusal?: undefined; expected?: FileIdentity | null };

/**
 * The target checked before anything is read or run: a workbook open in Excel or a read-only one (without --force)
 * would not be replaced at the end, so the credits are not spent. For an --out naming another file, what it holds
 * now is what the end must still find there.
 */
export async function checkTarget(options: Target): Promise<TargetCheck> {
  const out = options.out ?? options.file;
  let state;
  try {
    state = await inspectTarget(out, options.force);
  } catch (error) {
    if (!isXlsxError(error)) throw error;
    return { refusal: { code: EXIT_CODES.fileRefused, message: error.message } };
  }
  if (state.blocked) {
    const inExcel = state.blocked.reason === "open-in-excel";
    const next = inExcel ? " Close it in Excel, or give --out another file." : "";
    return {
      refusal: {
        code: inExcel ? EXIT_CODES.notReplaced : EXIT_CODES.fileRefused,
        message: `${state.blocked.message}: nothing was run, read or written.${next}`,
      },
    };
  }
  if (out === options.file) return {};
  return { expected: (await readIdentifiedFile(state.real))?.identity ?? null };
}

export interface TargetWrite {
  options: Target;
  plan: Plan;
  written: WorkbookWrite;
  /** The file as read (for the file itself) or as found at the start (for another --out). */
  expected: FileIdentity | null;
  now: number;
  fs?: WriteFileSystem;
  log: (line: string) => void;
}

/**
 * Writes the refreshed workbook and says only what was written: when nothing could be, every cell and table is
 * reported as not written (not as refreshed); when the target was someone else's by then, the copy kept beside it
 * is named and the exit code says so.
 */
export async function writeTarget(report: RefreshReport, w: TargetWrite): Promise<RefreshReport> {
  const { options, written } = w;
  const out = options.out ?? options.file;
  const done = () => {
    Object.assign(report, { cells: written.cells, tables: written.tables, dependents: written.dependents });
    report.settings = written.settings;
    report.notes.push(...written.notes);
    if (written.snapshot !== undefined) report.snapshot = written.snapshot;
  };
  if (!written.changed && out === options.file) {
    done();
    return finish(report, `Nothing changed; ${options.file} was left as it was.`);
  }
  w.log(`Writing ${out}…`);
  let outcome;
  try {
    outcome = await replaceWorkbookFile(out, written.bytes, {
      expected: w.expected,
      ...(options.force ? { force: true } : {}),
      now: w.now,
      ...(w.fs ? { fs: w.fs } : {}),
    });
  } catch (error) {
    if (!isXlsxError(error)) throw error;
    Object.assign(report, unwrittenReports(w.plan, `Not written: ${error.message}`));
    return refuse(report, EXIT_CODES.fileRefused, `${error.message} The reads above were made and billed.`);
  }
  done();
  report.written = outcome.path;
  report.parts = written.parts;
  if (outcome.outcome === "kept-beside") {
    const finished = finish(report, "");
    const copy = basename(outcome.path);
    return {
      ...finished,
      exitCode: EXIT_CODES.notReplaced,
      summary:
        `${outcome.message}: the refreshed workbook was written beside it as ${copy} instead. ` +
        `Compare the two and keep what you need; a refresh of the saved file brings it up to date.` +
        (finished.summary ? ` ${finished.summary.trim()}` : ""),
    };
  }
  if (outcome.link)
    report.notes.push(`${outcome.link} is a link: the file it points to, ${outcome.path}, was replaced.`);
  return finish(report, `Refreshed ${out}.`);
}
