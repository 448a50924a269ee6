import type { StoredEntryInfo, StoredResult } from "./types";

/**
 * A result's rows as stored: the positional arrays the cache holds (no field names per row), as they are. Measured
 * in Chromium's IndexedDB with 25,000 rows (`npx tsx bench/result-store.ts`): reading arrays of rows back takes about a
 * third of the time of reading one array per column and rebuilding the rows, which a cell needs anyway.
 */
export interface StoredBody {
  columns: string[];
  types: string[];
  rows: unknown[][];
  extra?: Record<string, unknown>;
}

export function encodeBody(result: StoredResult): StoredBody {
  const body: StoredBody = { columns: result.columns, types: result.types, rows: result.rows };
  if (result.extra) body.extra = result.extra;
  return body;
}

/** A body as the store checks it when reading it back (a damaged or foreign record reads as absent). */
export function isBody(value: unknown): value is StoredBody {
  const body = value as Partial<StoredBody> | null;
  return (
    !!body &&
    Array.isArray(body.columns) &&
    Array.isArray(body.types) &&
    Array.isArray(body.rows) &&
    body.rows.every((row) => Array.isArray(row))
  );
}

/**
 * About what a value takes in the browser's storage (its serializer writes a text's characters, a number's eight
 * bytes and a tag, a boolean or null as a tag): the measure the byte cap counts.
 */
export function valueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === "boolean") return 1;
  if (typeof value === "string") return value.length + 2;
  if (typeof value === "number") return 9;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + valueBytes(v), 3);
  return (JSON.stringify(value)?.length ?? 4) + 2;
}

export function bodyBytes(body: StoredBody): number {
  let bytes = 64 + valueBytes(body.columns) + valueBytes(body.types) + valueBytes(body.rows);
  if (body.extra) bytes += valueBytes(body.extra);
  return bytes;
}

/** What a reader gets: the entry's record and its body as one result. */
export function toResult(info: StoredEntryInfo, body: StoredBody): StoredResult {
  const result: StoredResult = {
    kind: info.kind,
    fetchedAt: info.fetchedAt,
    freshUntil: info.freshUntil,
    columns: body.columns,
    types: body.types,
    rows: body.rows,
  };
  if (body.extra) result.extra = body.extra;
  return result;
}
