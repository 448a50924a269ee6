import { sourceText } from "../service-cells";
import { snapshotFromLine } from "../sheet";
import type { XlsxValue } from "../xlsx";
import type { PlacedSource } from "./write-cells";

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
    rows.push([], [snapshotFromLine(place.label)], [sourceText(place.source, pattern)]);
    for (const line of place.values) rows.push([...line]);
  }
  return rows;
}
