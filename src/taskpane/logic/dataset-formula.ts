import type { DatasetParams } from "./insert-source";

export interface DatasetFormulaInput {
  name: string;
  /** Path arguments in the dataset's order (chain; market, chain). */
  args: readonly string[];
  params: DatasetParams;
  /** false adds "headers=FALSE"; the function's default is a header row. */
  headers?: boolean;
}

/** Excel refuses a text constant longer than 255 characters inside a formula. */
const MAX_LITERAL = 255;
/** And a formula longer than 8,192 characters. */
export const MAX_FORMULA_LENGTH = 8_192;

/** A string as a formula literal: quotes doubled, long text joined from ≤ 255-character pieces with &. */
export function formulaString(text: string): string {
  const pieces: string[] = [];
  for (let i = 0; i < text.length || pieces.length === 0; i += MAX_LITERAL) {
    pieces.push(`"${text.slice(i, i + MAX_LITERAL).replace(/"/g, '""')}"`);
  }
  return pieces.join("&");
}

/**
 * The live formula for a dataset, in the functions' own argument shape (src/functions/arguments.ts): the name,
 * the path arguments positionally, then options as "name=value" text, only those that were set. Office.js takes
 * formulas in en-US syntax (comma separators) whatever the user's locale, so this text is locale-free.
 */
export function datasetFormula(input: DatasetFormulaInput): string {
  const args: string[] = [input.name, ...input.args.filter((a) => a.trim() !== "")];
  const { filters, sort_by, columns, limit } = input.params;
  if (filters?.trim()) args.push(`filters=${filters.trim()}`);
  if (sort_by?.trim()) args.push(`sort_by=${sort_by.trim()}`);
  if (columns?.trim()) args.push(`columns=${columns.trim()}`);
  if (limit !== undefined) args.push(`limit=${limit}`);
  if (input.headers === false) args.push("headers=FALSE");
  return `=SERVICE.DATASET(${args.map(formulaString).join(",")})`;
}
