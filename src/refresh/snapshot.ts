import { sourceText } from "../functions";
import type { XlsxValue } from "../xlsx";
import type { PlacedSource } from "./write-cells";

/**
 * The default name of a month-end snapshot: the month before the refresh's date ("2026-02" on any day of March
 * 2026), since a month-end report is refreshed after its month closed.
 */
export function defaultSnapshotName(now: number): string {
  const at = new Date(now);
  const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * A snapshot's rows: a title line, then each result this refresh wrote (cells, then tables) under two lines saying
 * where it is in the report and where its rows came from, a blank row between them. Values only: nothing on the
 * sheet is a formula or a SERVICE call, so nothing refreshes it and the closed month stays as it was reported.
 */
export function snapshotRows(
  file: string,
  now: number,
  places: readonly PlacedSource[],
  pattern: string,
): XlsxValue[][] {
  const rows: XlsxValue[][] = [[`Snapshot of ${file}, refreshed ${new Date(now).toISOString().slice(0, 16)}Z`]];
  for (const place of places) {
    rows.push([], [`From ${place.label}`], [sourceText(place.source, pattern)]);
    for (const line of place.values) rows.push([...line]);
  }
  return rows;
}
