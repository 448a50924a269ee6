import { ServiceError } from "../client";

/**
 * Excel caps a custom function's payload at 5 MB (office-js#4654, 2026); it is JSON. We refuse well under it,
 * so a result that passes never meets Excel's own failure (a bare #VALUE! with no hint of why).
 */
export const DEFAULT_SPILL_LIMIT_BYTES = 2_000_000;

function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A result too big to spill. A ServiceError so the pane can show its message too. */
export class SpillTooLargeError extends ServiceError {
  readonly rows: number;
  readonly columns: number;
  constructor(init: {
    rows: number;
    columns: number;
    bytes: number;
    limitBytes: number;
    totalRows?: number;
    /** false: the read stopped early and `bytes` is projected from its first pages. */
    complete?: boolean;
  }) {
    const total = init.totalRows ?? init.rows;
    const size = init.complete === false ? `an estimated ${mb(init.bytes)}` : `about ${mb(init.bytes)}`;
    const message =
      `Too large to spill: ${total.toLocaleString("en-US")} rows × ${init.columns} columns is ${size} ` +
      `(limit ${mb(init.limitBytes)}). Narrow it with "columns=...", "limit=..." or "filters=...", ` +
      `or insert it as a table from the Service task pane.`;
    super({ code: "SPILL_TOO_LARGE", message, userMessage: message });
    this.name = "SpillTooLargeError";
    this.rows = init.rows;
    this.columns = init.columns;
  }
}

export function isSpillTooLargeError(value: unknown): value is SpillTooLargeError {
  return value instanceof SpillTooLargeError || (value as { name?: unknown } | null)?.name === "SpillTooLargeError";
}

/** JSON bytes of a raw value, close enough to decide early while pages arrive (the final check is exact). */
export function roughValueBytes(value: unknown): number {
  if (value === null || value === undefined) return 3;
  if (typeof value === "string") return value.length + 3;
  if (typeof value === "number" || typeof value === "bigint") return String(value).length + 1;
  if (typeof value === "boolean") return 6;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + roughValueBytes(v), 3);
  return JSON.stringify(value)?.length ?? 4;
}
