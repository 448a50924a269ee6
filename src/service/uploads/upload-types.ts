import type { UploadType } from "./upload-rules";

/** A quoted SQL identifier for a name we checked or generated. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The DuckDB type a column is stored as in its Parquet file. The 256-bit integers are kept as their decimal text
 * (Parquet has no 128-bit integer and would make them doubles) and become HUGEINT / UHUGEINT when a query loads them.
 */
export function storedType(type: UploadType): string {
  switch (type) {
    case "varchar":
    case "int256":
    case "uint256":
      return "VARCHAR";
    case "integer":
      return "INTEGER";
    case "bigint":
      return "BIGINT";
    case "double":
      return "DOUBLE";
    case "boolean":
      return "BOOLEAN";
    case "varbinary":
      return "BLOB";
    case "timestamp":
      return "TIMESTAMP";
    case "date":
      return "DATE";
  }
}

/** The type a query sees the column as. */
export function queryType(type: UploadType): string {
  if (type === "int256") return "HUGEINT";
  if (type === "uint256") return "UHUGEINT";
  return storedType(type);
}

/**
 * SQL turning the text of a value (`text`, an expression of type VARCHAR, as CSV and NDJSON give it) into the stored
 * value; a value that does not fit the type stops the whole insert with DuckDB's conversion error. Binary values are
 * hex with a `0x` prefix or base64, as the real service accepts them.
 */
export function fromText(text: string, type: UploadType): string {
  switch (type) {
    case "varchar":
      return text;
    case "int256":
    case "uint256":
      return `CAST(CAST(${text} AS ${queryType(type)}) AS VARCHAR)`;
    case "varbinary":
      return `CASE WHEN starts_with(${text}, '0x') THEN unhex(substr(${text}, 3)) ELSE from_base64(${text}) END`;
    case "timestamp":
      // ISO 8601 as the real service documents it; an offset or Z is read as UTC.
      return `CAST(CAST(${text} AS TIMESTAMPTZ) AT TIME ZONE 'UTC' AS TIMESTAMP)`;
    default:
      return `CAST(${text} AS ${storedType(type)})`;
  }
}

/** The upload type a CSV column detected as `duckdbType` becomes (`/v1/uploads/csv` infers the schema). */
export function inferredType(duckdbType: string): UploadType {
  const t = duckdbType.toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER)$/.test(t)) return "bigint";
  if (/^(HUGEINT|UBIGINT)$/.test(t)) return "int256";
  if (/^(DOUBLE|FLOAT|REAL)$/.test(t) || t.startsWith("DECIMAL")) return "double";
  if (t === "BOOLEAN") return "boolean";
  if (t === "DATE") return "date";
  if (t.startsWith("TIMESTAMP")) return "timestamp";
  return "varchar";
}
