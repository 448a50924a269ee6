import { TERMINAL_STATES } from "../polling/states";
import type { Envelope, ExecutionState, ExecutionStatus, ResultMetadata, WireRow } from "../types";

/**
 * The real service's bodies vary with its API version: older ones lack `is_execution_finished`, `column_types`,
 * `row_count` or the `metadata` object itself (its fields then sit in `result`). These functions give every body the
 * shape the rest of the client relies on, from what it does carry; nothing is invented that the body contradicts.
 */

/**
 * The live service spells the state `QUERY_STATE_CANCELLED`; its documentation (since 2025) `QUERY_STATE_CANCELED`.
 * Callers see the live spelling only, so a comparison or a STATUS cell (`=IF(…="CANCELLED", …)`) has one to match.
 */
function oneCancelledSpelling<T extends { state?: ExecutionState }>(body: T): void {
  if (body.state === "QUERY_STATE_CANCELED") body.state = "QUERY_STATE_CANCELLED";
}

const TIME_FIELDS = [
  "submitted_at",
  "execution_started_at",
  "execution_ended_at",
  "expires_at",
  "cancelled_at",
] as const;

/**
 * A zero time means "not known yet": the service has sent `1970-01-01T00:00:00Z` as the `expires_at` of a running
 * execution, and servers that decode into a non-optional time send year 1 (`0001-01-01T00:00:00Z`). No execution
 * happened at or before 1970, so such a time is dropped, never shown as a date. Unparseable times go too.
 */
function dropZeroTimes(body: Partial<Record<(typeof TIME_FIELDS)[number], unknown>>): void {
  for (const field of TIME_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (knownTime(value) === undefined) delete body[field];
  }
}

/**
 * A time the service sent, in epoch ms, or undefined when it means "not known yet" (absent, zero, year 1,
 * unparseable): the same rule for what the client drops and for times kept elsewhere (history, workbook settings)
 * before the client dropped them.
 */
export function knownTime(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return ms > 0 ? ms : undefined;
}

/** A run of SQL text has no saved query: the service sends `query_id` 0 (a placeholder, its docs say) or nothing. */
function dropPlaceholderQueryId(body: { query_id?: unknown }): void {
  if (body.query_id === undefined) return;
  if (!(typeof body.query_id === "number" && Number.isSafeInteger(body.query_id) && body.query_id > 0)) {
    delete body.query_id;
  }
}

/** Counts and credits the service may send as something else than a number are left out rather than passed on. */
function dropNonNumbers(body: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) {
    const value = body[field];
    if (value !== undefined && !(typeof value === "number" && Number.isFinite(value))) delete body[field];
  }
}

/**
 * A status body as the client returns it: `is_execution_finished` derived from the state when the service did not
 * send it, zero times and the placeholder query id dropped, one cancelled spelling, and `execution_cost_credits`
 * and the in-flight counts kept as numbers.
 */
export function normalizeStatus(raw: ExecutionStatus): ExecutionStatus {
  if (!raw || typeof raw !== "object") return raw;
  const status = { ...raw };
  oneCancelledSpelling(status);
  dropZeroTimes(status);
  dropPlaceholderQueryId(status);
  dropNonNumbers(status as unknown as Record<string, unknown>, [
    "execution_cost_credits",
    "queue_position",
    "max_inflight_interactive_executions",
    "max_inflight_interactive_reached",
  ]);
  if (typeof status.is_execution_finished !== "boolean") {
    status.is_execution_finished = status.state !== undefined && TERMINAL_STATES.has(status.state);
  }
  if (status.result_metadata) status.result_metadata = normalizeMetadata(status.result_metadata, undefined);
  return status;
}

/** An envelope whose finished flag, metadata and column types are present (typed from the rows when absent). */
export function normalizeEnvelope(raw: Envelope): Envelope {
  if (!raw || typeof raw !== "object") return raw;
  const envelope = { ...raw };
  oneCancelledSpelling(envelope);
  dropZeroTimes(envelope);
  dropPlaceholderQueryId(envelope);
  if (typeof envelope.is_execution_finished !== "boolean" && envelope.state !== undefined) {
    envelope.is_execution_finished = TERMINAL_STATES.has(envelope.state);
  }
  const result = envelope.result as
    (Partial<ResultMetadata> & { rows?: WireRow[]; metadata?: ResultMetadata }) | undefined;
  if (result && Array.isArray(result.rows)) {
    // An old body printed with the metadata's fields in `result` itself: read them from there.
    const { rows, metadata, ...flat } = result;
    envelope.result = { rows, metadata: normalizeMetadata(metadata ?? (flat as ResultMetadata), rows) };
  }
  return envelope;
}

function normalizeMetadata(metadata: ResultMetadata, rows: readonly WireRow[] | undefined): ResultMetadata {
  const out = { ...metadata };
  if (!Array.isArray(out.column_names)) out.column_names = rows && rows.length > 0 ? Object.keys(rows[0]!) : [];
  if (rows !== undefined && typeof out.row_count !== "number") out.row_count = rows.length;
  if (rows !== undefined && !declaresTypes(out))
    out.column_types = out.column_names.map((c) => typeFromValues(rows, c));
  return out;
}

/** Types the service declared, one per column; placeholders from old test bodies ("x") do not count. */
function declaresTypes(metadata: ResultMetadata): boolean {
  const types = metadata.column_types;
  return (
    Array.isArray(types) &&
    types.length === metadata.column_names.length &&
    types.every((t) => typeof t === "string" && /^[a-z][a-z0-9_]*(\(|\s|$)/i.test(t) && t.length > 1)
  );
}

/** A column's type from its values, in the engine's names: the sheet maps it like a declared one. */
function typeFromValues(rows: readonly WireRow[], column: string): string {
  let kind: string | undefined;
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    const next =
      typeof value === "number"
        ? Number.isInteger(value)
          ? "bigint"
          : "double"
        : typeof value === "boolean"
          ? "boolean"
          : Array.isArray(value)
            ? "array(varchar)"
            : typeof value === "object"
              ? "json"
              : "varchar";
    if (kind === undefined) kind = next;
    else if (kind !== next)
      kind =
        kind === "bigint" && next === "double"
          ? "double"
          : next === "bigint" && kind === "double"
            ? "double"
            : "varchar";
  }
  return kind ?? "varchar";
}
