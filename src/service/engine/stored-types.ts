import {
  DuckDBArrayType,
  DuckDBListType,
  DuckDBMapType,
  DuckDBStructType,
  DuckDBTypeId,
  DuckDBUnionType,
  type DuckDBType,
} from "@duckdb/node-api";

/** Integers wider than 64 bits: Parquet has no such type, and DuckDB's writer would store them as DOUBLE (lossy). */
export function isWideInteger(type: DuckDBType): boolean {
  return type.typeId === DuckDBTypeId.HUGEINT || type.typeId === DuckDBTypeId.UHUGEINT;
}

/**
 * The SQL name of a result column's type, to declare it in the writer instance. With `wideAsText`, wide integers
 * anywhere inside it become VARCHAR (their digits intact), which is how they are stored. JSON is kept by its alias
 * (it is VARCHAR underneath); other aliases are user types the writer does not have, so their structure is used.
 */
export function sqlType(type: DuckDBType, wideAsText = false): string {
  if (wideAsText && isWideInteger(type)) return "VARCHAR";
  if (type.alias === "JSON") return "JSON";
  const inner = (t: DuckDBType) => sqlType(t, wideAsText);
  if (type instanceof DuckDBListType) return `${inner(type.valueType)}[]`;
  if (type instanceof DuckDBArrayType) return `${inner(type.valueType)}[${type.length}]`;
  if (type instanceof DuckDBMapType) return `MAP(${inner(type.keyType)}, ${inner(type.valueType)})`;
  if (type instanceof DuckDBStructType) {
    return `STRUCT(${type.entryNames.map((n, i) => `${quoted(n)} ${inner(type.entryTypes[i])}`).join(", ")})`;
  }
  if (type instanceof DuckDBUnionType) {
    return `UNION(${type.memberTags.map((n, i) => `${quoted(n)} ${inner(type.memberTypes[i])}`).join(", ")})`;
  }
  return type.toString();
}

/** True when a wide integer sits anywhere inside the type (a list of them, a struct field…). */
export function holdsWideInteger(type: DuckDBType): boolean {
  return sqlType(type, true) !== sqlType(type);
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
