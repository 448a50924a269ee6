import { apiError, badParameter } from "../errors";
import type { Performance } from "../executions/execution-record";
import type { NewTable } from "../uploads/upload-service";
import {
  columnNameProblem,
  isUploadType,
  MAX_COLUMNS,
  MAX_DESCRIPTION_LENGTH,
  tableNameProblem,
  UPLOAD_TYPES,
  type UploadColumn,
} from "../uploads/upload-rules";
import { PERFORMANCE_NAMES } from "../../canonical-params";

type Body = Record<string, unknown>;

/** The JSON body as an object with only the fields the route knows (a 400 naming the others). */
export function objectBody(body: unknown, fields: readonly string[]): Body {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw apiError("invalid_body", { reason: `must be a JSON object with ${fields.join(", ")}` });
  }
  const extra = Object.keys(body).filter((k) => !fields.includes(k));
  if (extra.length > 0) {
    throw apiError("invalid_body", { reason: `unknown fields (${extra.join(", ")}); expected ${fields.join(", ")}` });
  }
  return body as Body;
}

/** `/v1/sql/execute`'s body: `{sql, performance?}`. */
export function sqlInputs(body: unknown): { sql: string; performance: Performance } {
  const b = objectBody(body, ["sql", "performance"]);
  if (typeof b.sql !== "string" || b.sql.trim() === "") throw badParameter("sql", "must be the SQL text to run");
  return { sql: b.sql, performance: performanceOf(b.performance) };
}

function performanceOf(value: unknown): Performance {
  if (value === undefined || value === null) return "medium";
  if (!(PERFORMANCE_NAMES as readonly unknown[]).includes(value)) {
    throw badParameter(
      "performance",
      "must be small (or free), medium or large; leave it out to let the service choose",
    );
  }
  return value === "free" ? "small" : (value as Performance);
}

function tableName(value: unknown): string {
  if (typeof value !== "string") throw badParameter("table_name", "is required: the name of the table");
  const problem = tableNameProblem(value);
  if (problem) throw badParameter("table_name", problem);
  return value;
}

function description(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw badParameter("description", "must be text");
  if (value.length > MAX_DESCRIPTION_LENGTH) {
    throw badParameter("description", `must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  }
  return value;
}

/** Public unless the request says private, as the real service's default is (the add-in always says which). */
function isPrivate(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw badParameter("is_private", "must be true or false");
  return value;
}

function column(value: unknown, i: number): UploadColumn {
  const where = `schema[${i}]`;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badParameter(where, "must be an object {name, type, nullable?}");
  }
  const c = value as Body;
  if (typeof c.name !== "string") throw badParameter(`${where}.name`, "is required: the column's name");
  const problem = columnNameProblem(c.name);
  if (problem) throw badParameter(`${where}.name`, problem);
  const type = typeof c.type === "string" ? c.type.toLowerCase() : c.type;
  if (!isUploadType(type)) throw badParameter(`${where}.type`, `must be one of ${UPLOAD_TYPES.join(", ")}`);
  if (c.nullable !== undefined && typeof c.nullable !== "boolean") {
    throw badParameter(`${where}.nullable`, "must be true or false");
  }
  return { name: c.name, type, nullable: c.nullable !== false };
}

/** `POST /v1/uploads`: the table to create, and its namespace (the key's own when left out). */
export function createInputs(body: unknown, ownNamespace: string): { namespace: string; table: NewTable } {
  const b = objectBody(body, ["namespace", "table_name", "schema", "description", "is_private"]);
  const namespace = b.namespace === undefined || b.namespace === null ? ownNamespace : b.namespace;
  if (typeof namespace !== "string" || namespace === "") throw badParameter("namespace", "must be text");
  if (!Array.isArray(b.schema) || b.schema.length === 0) {
    throw badParameter("schema", "is required: a list of columns [{name, type, nullable?}], at least one");
  }
  if (b.schema.length > MAX_COLUMNS) throw badParameter("schema", `may have at most ${MAX_COLUMNS} columns`);
  const columns = b.schema.map(column);
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.name)) throw badParameter("schema", `names the column ${c.name} twice`);
    seen.add(c.name);
  }
  return {
    namespace,
    table: {
      tableName: tableName(b.table_name),
      columns,
      description: description(b.description),
      isPrivate: isPrivate(b.is_private),
    },
  };
}

/** `POST /v1/uploads/csv`: the CSV text and the table it becomes. */
export function csvInputs(body: unknown): { csv: string; table: Omit<NewTable, "columns"> } {
  const b = objectBody(body, ["data", "table_name", "description", "is_private"]);
  if (typeof b.data !== "string" || b.data.trim() === "") {
    throw badParameter("data", "is required: the CSV text, a header line first");
  }
  return {
    csv: b.data,
    table: {
      tableName: tableName(b.table_name),
      description: description(b.description),
      isPrivate: isPrivate(b.is_private),
    },
  };
}

/** `GET /v1/uploads`: `limit` (default 50, at most 10,000) and `offset` (negative counts as 0), as the real service. */
export function listInputs(query: Record<string, unknown>): { limit: number; offset: number } {
  const number = (name: string, fallback: number): number => {
    const raw = query[name];
    if (raw === undefined || raw === "") return fallback;
    if (typeof raw !== "string" || !/^-?\d{1,15}$/.test(raw))
      throw badParameter(name, `must be a whole number, got "${String(raw).slice(0, 40)}"`);
    return Number(raw);
  };
  const limit = number("limit", 50);
  if (limit < 1 || limit > 10_000) throw badParameter("limit", "must be from 1 to 10000");
  return { limit, offset: Math.max(0, number("offset", 0)) };
}
