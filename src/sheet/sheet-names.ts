/**
 * Why Excel would refuse a sheet name, or undefined: 1 to 31 characters, none of \ / ? * [ ] :, no apostrophe at
 * either end, not "History" (reserved), and no other sheet of the same name in any case.
 */
export function sheetNameProblem(name: string, taken: readonly string[]): string | undefined {
  if (name.length < 1 || name.length > 31) return `"${name}" is not a sheet name Excel takes (1 to 31 characters).`;
  if (/[\\/?*[\]:]/.test(name)) return `"${name}" is not a sheet name Excel takes (no \\ / ? * [ ] :).`;
  if (name.startsWith("'") || name.endsWith("'"))
    return `"${name}" is not a sheet name Excel takes (no apostrophe first or last).`;
  if (name.toLowerCase() === "history") return `"History" is a sheet name Excel keeps for itself.`;
  if (taken.some((t) => t.toLowerCase() === name.toLowerCase()))
    return `The workbook already has a sheet "${name}"; nothing was written.`;
  return undefined;
}

/**
 * The default name of a month-end snapshot: the month before the given date ("2026-02" on any day of March 2026),
 * since a month-end report is refreshed (or its snapshot taken) after its month closed. The headless refresh's
 * `--snapshot` and the pane's Snapshot both name their sheet so.
 */
export function defaultSnapshotName(now: number): string {
  const at = new Date(now);
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A snapshot sheet's name: the one asked for (trimmed) or the default, or why Excel would refuse it. */
export function snapshotSheetName(
  wish: string | undefined,
  now: number,
  taken: readonly string[],
): { name: string; problem?: string } {
  const name = (wish?.trim() || defaultSnapshotName(now)).trim();
  const problem = sheetNameProblem(name, taken);
  return problem === undefined ? { name } : { name, problem };
}

/** The line above each result on a snapshot sheet: where it is in the report ("From Report!B2:C5"). */
export function snapshotFromLine(where: string): string {
  return `From ${where}`;
}

/** How a snapshot names a bound table: "table Pairs (Data!A1:B3)". */
export function snapshotTableLabel(tableName: string, address: string): string {
  return `table ${tableName} (${address})`;
}
