import { InvalidResponseError } from "../errors/local-errors";

/** Column types an uploaded table may declare (the service's documented list, and `bigint`, `date`). */
export const UPLOAD_COLUMN_TYPES = [
  "varchar",
  "integer",
  "bigint",
  "double",
  "boolean",
  "int256",
  "uint256",
  "varbinary",
  "timestamp",
  "date",
] as const;
export type UploadColumnType = (typeof UPLOAD_COLUMN_TYPES)[number];

export interface UploadColumnSpec {
  name: string;
  type: UploadColumnType;
  /** True unless said otherwise, as the service takes it. */
  nullable?: boolean;
}

/** One uploaded table as `GET /v1/uploads` lists it; `namespace` and `tableName` are read from its full name. */
export interface UploadedTable {
  /** `dune.<namespace>.<table_name>`: the name SQL uses. */
  fullName: string;
  namespace: string;
  tableName: string;
  isPrivate: boolean;
  /** Stored size in bytes (the service sends it as text). */
  sizeBytes: number;
  createdAt: string;
  updatedAt: string;
  owner: { handle: string; type: string };
  columns: { name: string; type: string; nullable: boolean }[];
}

export interface UploadList {
  tables: UploadedTable[];
  /** The offset of the next page, when there is one. */
  nextOffset?: number;
}

export interface CreatedUpload {
  namespace: string;
  tableName: string;
  fullName: string;
  exampleQuery: string;
}

export interface InsertResult {
  rowsWritten: number;
  bytesWritten?: number;
}

type Raw = Record<string, unknown>;

function object(value: unknown, method: string, path: string, what: string): Raw {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new InvalidResponseError({ method, path, detail: `${what} is not an object` });
  }
  return value as Raw;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function normalizeUploadList(body: unknown, method: string, path: string): UploadList {
  const raw = object(body, method, path, "the uploads list");
  if (!Array.isArray(raw.tables)) throw new InvalidResponseError({ method, path, detail: "no tables list" });
  const tables = raw.tables.map((item): UploadedTable => {
    const t = object(item, method, path, "a listed table");
    const fullName = text(t.full_name);
    const parts = fullName.split(".");
    const owner = t.owner !== null && typeof t.owner === "object" ? (t.owner as Raw) : {};
    const columns = Array.isArray(t.columns) ? (t.columns as Raw[]) : [];
    return {
      fullName,
      namespace: parts.length >= 2 ? (parts[parts.length - 2] as string) : "",
      tableName: parts[parts.length - 1] ?? "",
      isPrivate: t.is_private === true,
      sizeBytes: Number(t.table_size_bytes ?? 0) || 0,
      createdAt: text(t.created_at),
      updatedAt: text(t.updated_at),
      owner: { handle: text(owner.handle), type: text(owner.type) },
      columns: columns.map((c) => ({ name: text(c.name), type: text(c.type), nullable: c.nullable !== false })),
    };
  });
  const list: UploadList = { tables };
  if (typeof raw.next_offset === "number") list.nextOffset = raw.next_offset;
  return list;
}

export function normalizeCreated(body: unknown, method: string, path: string): CreatedUpload {
  const raw = object(body, method, path, "the created table");
  if (typeof raw.full_name !== "string") throw new InvalidResponseError({ method, path, detail: "no full_name" });
  return {
    namespace: text(raw.namespace),
    tableName: text(raw.table_name),
    fullName: raw.full_name,
    exampleQuery: text(raw.example_query),
  };
}

export function normalizeInsert(body: unknown, method: string, path: string): InsertResult {
  const raw = object(body, method, path, "the insert's answer");
  if (typeof raw.rows_written !== "number") throw new InvalidResponseError({ method, path, detail: "no rows_written" });
  const result: InsertResult = { rowsWritten: raw.rows_written };
  if (typeof raw.bytes_written === "number") result.bytesWritten = raw.bytes_written;
  return result;
}
