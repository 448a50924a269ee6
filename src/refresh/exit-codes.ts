/**
 * What `npm run refresh` exits with, for a scheduler to act on. 1 is left to Node (an unexpected crash), so no
 * outcome of ours can be mistaken for one.
 */
export const EXIT_CODES = {
  /** Every SERVICE cell and bound table the file holds is up to date (or, with --dry-run, the plan can run). */
  fresh: 0,
  /** The command line is wrong (unknown flag, missing file, no key or service address). */
  usage: 2,
  /**
   * The file was refused (it cannot be read, is too large or a zip bomb, is read-only without --force, or a result
   * cannot be written into it as it is), or could not be written (a full disk). Nothing written.
   */
  fileRefused: 3,
  /** The plan's estimated credits are over --budget: nothing was run, read or written. */
  budgetRefused: 4,
  /** The service could not be reached, or refused the key. Nothing written. */
  serviceUnavailable: 5,
  /** The file was written, but some cells or tables are not current (failed, not run, held by the budget…). */
  incomplete: 6,
  /**
   * The target was not replaced because someone else has it: it is open in Excel (its owner file `~$name` is
   * beside it) or was saved while the refresh ran. Found at the start: nothing was run, read or written. Found at
   * the end: the refreshed workbook is kept beside it (`report.refreshed-<time>.xlsx`, named in the report).
   */
  notReplaced: 7,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
