import { checkSheetLimits, rowPayloadBytes, type CellValue } from "../sheet";
import type { Row, RowReader } from "./row-reader";

/** Excel on the web rejects requests over 5 MB; we aim every sync at ≤ 4 MB (4,000,000 bytes) for headroom. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 4_000_000;
/** Room for the non-data part of a chunk's request (object paths, method names, property keys). */
const REQUEST_OVERHEAD_BYTES = 4_096;

export interface ChunkTarget {
  context: Excel.RequestContext;
  sheet: Excel.Worksheet;
  /** Zero-based cell where row 0 of the source goes. */
  row: number;
  column: number;
  width: number;
}

export interface ChunkOptions {
  maxPayloadBytes: number;
  signal?: AbortSignal;
  /** Number formats for source row `index` (the header row can differ). */
  formatsFor(index: number): readonly string[];
  /** Before a chunk is queued (rows `from`…`from + count - 1`): lets a caller queue room for it in the same sync. */
  beforeChunk?(from: number, count: number): void;
  /** After each chunk's sync, with the number of source rows written so far. */
  onChunk?(rowsWritten: number): void;
}

export interface ChunkOutcome {
  rowsWritten: number;
  cancelled: boolean;
}

function checkWidth(row: Row, width: number, index: number): void {
  if (row.length !== width) throw new RangeError(`Row ${index} has ${row.length} cells; expected ${width}.`);
}

/** Writes one row whose payload alone exceeds the budget, as column segments with one sync each. */
async function writeWideRow(
  t: ChunkTarget,
  row: Row,
  formats: readonly string[],
  at: number,
  budget: number,
): Promise<void> {
  let start = 0;
  while (start < row.length) {
    let bytes = REQUEST_OVERHEAD_BYTES;
    let end = start;
    while (end < row.length) {
      const cell = rowPayloadBytes([row[end]]) + rowPayloadBytes([formats[end]]);
      if (end > start && bytes + cell > budget) break;
      bytes += cell;
      end++;
    }
    const range = t.sheet.getRangeByIndexes(t.row + at, t.column + start, 1, end - start);
    range.numberFormat = [formats.slice(start, end) as string[]];
    range.values = [row.slice(start, end) as CellValue[]];
    t.context.application.suspendApiCalculationUntilNextSync();
    await t.context.sync();
    start = end;
  }
}

/**
 * Writes rows from `reader` in chunks: each chunk sets the number formats and then the values of its block
 * (in that order, in one request: a Text format must be in place before the strings arrive), suspends API
 * calculation, and syncs once. Chunks are sized from the JSON of values + formats so no request exceeds
 * `maxPayloadBytes`. Cancellation is checked between chunks only: a chunk is written whole or not at all.
 */
export async function writeChunks(t: ChunkTarget, reader: RowReader, options: ChunkOptions): Promise<ChunkOutcome> {
  const budget = options.maxPayloadBytes;
  let written = 0;
  let carry: Row | undefined;
  for (;;) {
    if (options.signal?.aborted) return { rowsWritten: written, cancelled: true };
    const rows: Row[] = [];
    const formats: (readonly string[])[] = [];
    let bytes = REQUEST_OVERHEAD_BYTES;
    for (;;) {
      const row = carry ?? (await reader.next());
      carry = undefined;
      if (row === undefined) break;
      const index = written + rows.length;
      checkWidth(row, t.width, index);
      const f = options.formatsFor(index);
      const cost = rowPayloadBytes(row) + rowPayloadBytes(f) + 2;
      if (bytes + cost > budget) {
        if (rows.length > 0) {
          carry = row;
          break;
        }
        const limit = checkSheetLimits(index + 1, t.width, t.row, t.column);
        if (limit) throw limit;
        options.beforeChunk?.(index, 1);
        await writeWideRow(t, row, f, index, budget);
        written++;
        options.onChunk?.(written);
        continue;
      }
      rows.push(row);
      formats.push(f);
      bytes += cost;
    }
    if (rows.length === 0) return { rowsWritten: written, cancelled: false };
    const limit = checkSheetLimits(written + rows.length, t.width, t.row, t.column);
    if (limit) throw limit;
    options.beforeChunk?.(written, rows.length);
    const range = t.sheet.getRangeByIndexes(t.row + written, t.column, rows.length, t.width);
    range.numberFormat = formats as string[][];
    range.values = rows as CellValue[][];
    t.context.application.suspendApiCalculationUntilNextSync();
    await t.context.sync();
    written += rows.length;
    options.onChunk?.(written);
  }
}
