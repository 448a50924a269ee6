import type { ResultColumn } from "../executions/execution-record";
import { sqlString } from "../engine/sql-text";
import { quoteIdentifier } from "../query-language";

/** Types a result file stores as their decimal text (Parquet has no integer this wide; see engine/result-writer.ts). */
const STORED_AS_TEXT = new Set(["hugeint", "uhugeint"]);

/**
 * What a page reads a stored result from: its Parquet file, with every column stored as text cast back to its own
 * type, so filters, sorting and rendering see the exact integers. Files without such columns are read as they are.
 */
export function storedSource(file: string, columns: readonly ResultColumn[], readOptions = ""): string {
  const scan = `read_parquet(${sqlString(file)}${readOptions})`;
  const cast = columns
    .filter((c) => STORED_AS_TEXT.has(c.type))
    .map((c) => `CAST(${quoteIdentifier(c.name)} AS ${c.type.toUpperCase()}) AS ${quoteIdentifier(c.name)}`);
  return cast.length === 0 ? scan : `(SELECT * REPLACE (${cast.join(", ")}) FROM ${scan})`;
}
