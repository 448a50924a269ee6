import type { EmulatedErrorCode } from "./errors";

/** One `context.sync()` as the emulation saw it. */
export interface SyncRecord {
  /** UTF-8 bytes of the JSON of the queued operations (what Excel on the web caps at 5 MB). */
  requestBytes: number;
  /** UTF-8 bytes of the JSON of the loaded results. */
  responseBytes: number;
  operations: number;
  /** `suspendApiCalculationUntilNextSync()` was queued in this sync. */
  calculationSuspended: boolean;
  /** Set when the sync was rejected. */
  error?: EmulatedErrorCode;
}

/** Per-sync recording for tests and benchmarks (`workbook.stats`). */
export class SyncStats {
  readonly records: SyncRecord[] = [];

  get syncs(): number {
    return this.records.length;
  }

  get requestBytes(): number[] {
    return this.records.map((r) => r.requestBytes);
  }

  get maxRequestBytes(): number {
    return this.records.reduce((m, r) => Math.max(m, r.requestBytes), 0);
  }

  get totalRequestBytes(): number {
    return this.records.reduce((sum, r) => sum + r.requestBytes, 0);
  }

  get maxResponseBytes(): number {
    return this.records.reduce((m, r) => Math.max(m, r.responseBytes), 0);
  }

  get rejected(): SyncRecord[] {
    return this.records.filter((r) => r.error !== undefined);
  }

  reset(): void {
    this.records.length = 0;
  }
}

/** UTF-8 length of a string without allocating an encoded copy. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
