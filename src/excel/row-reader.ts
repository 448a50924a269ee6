import type { CellValue } from "../sheet";

export type Row = readonly CellValue[];
/** Pages of rows as the API client yields them. */
export type RowBatches = AsyncIterable<readonly Row[]>;
/** A whole matrix, or rows streamed in batches so a large result is never held at once. */
export type MatrixSource = readonly Row[] | RowBatches;

export function isRowBatches(source: MatrixSource): source is RowBatches {
  return typeof (source as RowBatches)[Symbol.asyncIterator] === "function";
}

/** Pulls rows one at a time from a matrix or from an async iterable of batches. */
export class RowReader {
  private buffer: readonly Row[] = [];
  private at = 0;
  private readonly iterator?: AsyncIterator<readonly Row[]>;
  private done = false;

  constructor(source: MatrixSource) {
    if (isRowBatches(source)) this.iterator = source[Symbol.asyncIterator]();
    else {
      this.buffer = source;
      this.done = true;
    }
  }

  async next(): Promise<Row | undefined> {
    while (this.at >= this.buffer.length) {
      if (this.done || !this.iterator) return undefined;
      const step = await this.iterator.next();
      if (step.done) {
        this.done = true;
        return undefined;
      }
      this.buffer = step.value;
      this.at = 0;
    }
    return this.buffer[this.at++];
  }

  /** Stops an async source early (cancel, error) so the API client stops paging. */
  async close(): Promise<void> {
    if (!this.done) {
      this.done = true;
      await this.iterator?.return?.();
    }
  }
}
