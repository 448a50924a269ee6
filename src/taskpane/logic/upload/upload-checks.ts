import { MAX_INSERT_BYTES, formatBytes } from "../../../billing";
import type { UploadColumnType, UploadedTable } from "../../../client";
import { isExcelErrorValue } from "../../../sheet";
import type { UploadEstimate } from "./upload-estimate";

/**
 * What stops an upload before anything is sent, each as a sentence the user can act on. Pure: the form shows them and
 * its Upload button is disabled while there is one.
 */

/** The service's rule for a table's name and a namespace: a lowercase letter, then lowercase letters, digits, `_`. */
const TABLE_NAME = /^[a-z][a-z0-9_]*$/;
const MAX_NAME = 128;

/** Why `name` cannot name a table (or a namespace), or undefined. */
export function tableNameProblem(name: string, what = "The table's name"): string | undefined {
  if (name === "") return `${what} is empty: write one.`;
  if (name.length > MAX_NAME) return `${what} is longer than ${MAX_NAME} characters.`;
  if (!TABLE_NAME.test(name))
    return `${what} must begin with a lowercase letter and hold only lowercase letters, digits and "_".`;
  return undefined;
}

/** A name the service accepts for a table, from a sheet's or an Excel table's name ("Wallets 2024" → `wallets_2024`). */
export function suggestedTableName(from: string): string {
  const name = from
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^[^a-z]+|_+$/g, "")
    .slice(0, MAX_NAME);
  return name === "" ? "my_table" : name;
}

const INTEGER = /^-?\d+$/;
const INT32 = 2 ** 31;

/** Whether a cell's value can be sent as `type` (an empty cell always can: it is null). */
export function fits(value: unknown, type: UploadColumnType): boolean {
  if (value === null || value === undefined || value === "") return true;
  const text = String(value).trim();
  switch (type) {
    case "varchar":
      return true;
    case "boolean":
      return typeof value === "boolean" || /^(true|false)$/i.test(text);
    case "integer":
      return INTEGER.test(text) && Math.abs(Number(text)) < INT32;
    case "bigint":
      return typeof value === "number" ? Number.isSafeInteger(value) : INTEGER.test(text) && text.length <= 19;
    case "int256":
      return INTEGER.test(text);
    case "uint256":
      return /^\d+$/.test(text);
    case "double":
      return typeof value === "number" || (text !== "" && Number.isFinite(Number(text)));
    case "timestamp":
    case "date":
      return typeof value === "number" || !Number.isNaN(Date.parse(text));
    case "varbinary":
      return /^0x([0-9a-fA-F]{2})*$/.test(text);
  }
}

export interface UploadCheckInput {
  /** The plan's own problems (headers, error values). */
  planProblems: readonly string[];
  columns: readonly { header: string; name: string; type: UploadColumnType; mixed: boolean }[];
  rows: readonly (readonly unknown[])[];
  /** The user confirmed that mixed columns go as text. */
  mixedConfirmed: boolean;
  tableName: string;
  namespace: string;
  estimate: UploadEstimate;
  /** The table of that name the user already has, when there is one (Replace and Append fill it). */
  existing?: UploadedTable;
}

export function uploadProblems(input: UploadCheckInput): string[] {
  const problems = [...input.planProblems];
  if (input.rows.length === 0) problems.push("The selection has a header row only: there are no rows to upload.");
  for (const [c, column] of input.columns.entries()) {
    if (column.mixed && column.type === "varchar" && !input.mixedConfirmed)
      problems.push(
        `Column "${column.header}" holds values of more than one kind (numbers and text): confirm it goes as text, or fix its cells.`,
      );
    // Error values are the plan's to name (once); here, values the chosen type cannot hold.
    const bad = input.rows.findIndex((row) => !fits(row[c], column.type) && !isExcelErrorValue(String(row[c])));
    if (bad >= 0)
      problems.push(
        `Row ${bad + 2} of "${column.header}" is "${String(input.rows[bad]![c])}", not a ${column.type}: choose another type or fix the cell.`,
      );
  }
  const name = tableNameProblem(input.tableName);
  if (name) problems.push(name);
  const namespace = tableNameProblem(input.namespace, "The namespace (your user or team name)");
  if (namespace) problems.push(namespace);
  if (input.estimate.tooLarge)
    problems.push(
      `The rows come to ${formatBytes(input.estimate.bytes)}, over the ${formatBytes(MAX_INSERT_BYTES)} one upload may send: ` +
        "select fewer rows and add the rest with Append.",
    );
  const existing = input.existing;
  if (existing) {
    const theirs = existing.columns.map((c) => c.name.toLowerCase());
    const ours = input.columns.map((c) => c.name.toLowerCase());
    if (theirs.join(",") !== ours.join(","))
      problems.push(
        `Table ${existing.fullName} has the columns ${theirs.join(", ")}; the selection's are ${ours.join(", ")}. ` +
          "They must be the same, in the same order: choose another name to upload a new table.",
      );
  }
  return problems;
}
