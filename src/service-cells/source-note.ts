import { shorten } from "../client";
import type { CellValue } from "../sheet";
import { ageText, datasetOriginText } from "../session";
import type { CellRequestOptions } from "./options";
import type { CachedTable } from "./render";

/**
 * Notes a spill carries where a cell can show them: Excel shows a custom function's message on hover only for #N/A
 * and #VALUE!, and only where such an error is, so the spill's first header cell (the formula's own cell) becomes
 * #N/A carrying the column's name and the notes: why its rows were not refreshed and when they were fetched (a
 * refresh over its cap), and where they came from (a dataset read through its saved query, with the result's age).
 * The data cells are untouched, so formulas over the rows keep working. A refresh held by the automatic budget is no
 * note here: it leaves the spill exactly as it was (the pane's held list and SERVICE.SOURCE say it was held).
 * `source_note=false` leaves out where the rows came from (a note that they were not refreshed always shows);
 * without a header row there is no cell to carry a note. Errors inside a spill need CustomFunctionsRuntime 1.2;
 * where the host lacks it (`supported` false) the spill stays as it is.
 */
export function errorsInSpillsSupported(): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: { isSetSupported?: unknown } } } }).Office;
  const check = office?.context?.requirements?.isSetSupported;
  if (typeof check !== "function") return true;
  try {
    return (check as (name: string, version: string) => boolean).call(
      office!.context!.requirements,
      "CustomFunctionsRuntime",
      "1.2",
    );
  } catch {
    return false;
  }
}

/** The spill with the notes in place of its first header cell, when there are any to give. */
export function withSourceNote(
  matrix: CellValue[][],
  table: CachedTable,
  render: CellRequestOptions["render"],
  note: { now: number; supported: boolean; error: (message: string) => unknown; notRefreshed?: string },
): unknown[][] {
  if (!note.supported || !render.headers || matrix.length === 0 || matrix[0]!.length === 0) return matrix;
  const origin = render.sourceNote ? datasetOriginText(table.origin, note.now) : undefined;
  const text = [note.notRefreshed, origin].filter((t) => t !== undefined).join(" ");
  if (text === "") return matrix;
  const first = [...matrix[0]!] as unknown[];
  first[0] = note.error(shorten(`Column "${String(first[0])}". ${text}`, 255));
  return [first, ...matrix.slice(1)];
}

/** "2026-03-01 10:00 UTC". */
function utcText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** What a cell says when its refresh failed and it keeps the rows it had (its hover, and the pane's words). */
export function refreshFailedText(message: string, fetchedAt: number | undefined, now: number): string {
  const when =
    fetchedAt === undefined
      ? "the data shown is from the last successful refresh"
      : `the data shown was fetched ${utcText(fetchedAt)} (${ageText(Math.max(0, now - fetchedAt))} ago)`;
  return `Refresh failed, ${when}. ${message}`;
}

/**
 * Rows kept after a failed refresh say so in the spill's first header cell (an #N/A whose hover has the failure and
 * when the rows were fetched), as the source note does; the data cells stay, so formulas over them keep working.
 * Without a header row, or where errors cannot be in a spill, the rows stay as they are (the pane says it).
 */
export function withFailureNote(
  matrix: unknown[][],
  text: string,
  render: CellRequestOptions["render"],
  note: { supported: boolean; error: (message: string) => unknown },
): unknown[][] {
  if (!note.supported || !render.headers || matrix.length === 0 || matrix[0]!.length === 0) return matrix;
  const first = [...matrix[0]!];
  const name = first[0];
  const column = typeof name === "string" || typeof name === "number" ? `Column "${String(name)}". ` : "";
  first[0] = note.error(shorten(`${text} ${column}`.trim(), 255));
  return [first, ...matrix.slice(1)];
}
