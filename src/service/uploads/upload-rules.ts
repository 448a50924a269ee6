import type { Plan } from "../../billing";

/**
 * The real service's rules for uploaded tables, as its public documentation states them (duneanalytics/dune-docs
 * @1502a528: catalyst/tables-openapi.json `CreateTableRequest` and `Column`; analytics-openapi.json `/v1/uploads/csv`;
 * api-reference/tables/endpoint/uploads-insert.mdx), and the local service's choices where it states none.
 */

/** The catalog uploaded tables live in: the real service names one `dune.<namespace>.<table_name>` (its full_name). */
export const UPLOAD_CATALOG = "dune";

/** "Must begin with a lowercase letter and contain only lowercase letters, digits, and underscores." */
export const TABLE_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
/** "Can contain letters, numbers, and underscores, but must begin with a letter or an underscore." */
export const COLUMN_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names longer than this are refused (no documented limit: the common identifier limit of SQL engines). */
export const MAX_NAME_LENGTH = 128;
/** No documented limit; the local service's own, so one request cannot build an unusable table. */
export const MAX_COLUMNS = 1000;
export const MAX_DESCRIPTION_LENGTH = 10_000;

/* `/insert`'s "maximum request size is 1.2GB" is the cost model's MAX_INSERT_BYTES (`src/billing`): the relay's gateway prices an insert of unknown length by it. */
/** `/uploads/csv`: "File has to be < 200 MB". */
export const MAX_CSV_UPLOAD_BYTES = 200 * 1000 ** 2;

/**
 * Storage per account: "100MB (free), 15GB (plus), 200GB+ (enterprise)"; the uploads-csv page, as revised in 2026,
 * names the Analyst plan too: "Storage: 100MB (free), 1GB (analyst), 15GB (plus)".
 */
export const STORAGE_ALLOWANCE: Readonly<Record<Plan, number>> = {
  free: 100 * 1000 ** 2,
  analyst: 1000 ** 3,
  plus: 15 * 1000 ** 3,
  enterprise: 200 * 1000 ** 3,
};

/**
 * Column types a schema may declare: the documented list (`varchar`, `integer`, `double`, `boolean`, `int256`,
 * `uint256`, `varbinary`, `timestamp`) and the two more the official TypeScript client offers (`bigint`, `date`).
 */
export const UPLOAD_TYPES = [
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
export type UploadType = (typeof UPLOAD_TYPES)[number];

export function isUploadType(value: unknown): value is UploadType {
  return (UPLOAD_TYPES as readonly unknown[]).includes(value);
}

export interface UploadColumn {
  name: string;
  type: UploadType;
  nullable: boolean;
}

/** The reason a table name breaks the rules, or undefined. */
export function tableNameProblem(name: string): string | undefined {
  if (name.length > MAX_NAME_LENGTH) return `must be at most ${MAX_NAME_LENGTH} characters`;
  if (!TABLE_NAME_PATTERN.test(name)) {
    return "must begin with a lowercase letter and contain only lowercase letters, digits and underscores";
  }
  return undefined;
}

/** The reason a column name breaks the rules, or undefined. */
export function columnNameProblem(name: string): string | undefined {
  if (name.length > MAX_NAME_LENGTH) return `must be at most ${MAX_NAME_LENGTH} characters`;
  if (!COLUMN_NAME_PATTERN.test(name)) {
    return "may contain letters, digits and underscores, and must begin with a letter or an underscore";
  }
  return undefined;
}
