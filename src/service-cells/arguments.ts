import { InvalidArgumentError } from "../client";
import { plainItems } from "./data-type-values";
import { type CellRequestOptions, type OptionsFunction, applyOptions } from "./options";

/** The trailing arguments of a cell, sorted into positional values and named options. */
export interface ReadArguments {
  positional: string[];
  options: CellRequestOptions;
}

/** Excel passes an empty cell of a range as "" (or null); either way it carries nothing. */
function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/** `"limit=10"` → { name: "limit", value: "10" }; only the first "=" splits, so filters may contain "=". */
function splitPair(text: string): { name: string; value: string } | undefined {
  const at = text.indexOf("=");
  if (at <= 0) return undefined;
  return { name: text.slice(0, at), value: text.slice(at + 1).replace(/^\s+/, "") };
}

const HEADER_NAMES = ["name", "option", "parameter", "setting"];

/**
 * Reads the repeating argument of DATASET/RESULTS. Each item is a matrix (Excel wraps a single value as 1×1):
 * - a single value: `"name=value"` text is an option, anything else a positional argument (dataset path);
 * - a two-column range: one option per row, names left, values right (blank rows skipped, and a first row
 *   titled name/option/parameter is taken as a header);
 * - any other range: each non-blank cell must be `"name=value"` text.
 */
export function readArguments(fn: OptionsFunction, items: readonly unknown[][][] | null | undefined): ReadArguments {
  const positional: string[] = [];
  const pairs: { name: string; value: unknown }[] = [];
  // The repeating argument follows the function's first (dataset, id): its items are arguments 2, 3, …
  for (const item of plainItems(`SERVICE.${fn}`, items, 2) ?? []) {
    const matrix = Array.isArray(item) ? item : [[item]];
    const cells = matrix.reduce((n, row) => n + (Array.isArray(row) ? row.length : 1), 0);
    if (cells <= 1) {
      const value: unknown = Array.isArray(matrix[0]) ? matrix[0][0] : matrix[0];
      if (isBlank(value)) continue;
      const pair = typeof value === "string" ? splitPair(value) : undefined;
      if (pair) pairs.push(pair);
      else positional.push(String(value).trim());
      continue;
    }
    const twoColumns = matrix.every((row) => Array.isArray(row) && row.length === 2);
    if (twoColumns) {
      matrix.forEach((row, r) => {
        const [name, value] = row as unknown[];
        if (isBlank(name)) return;
        if (r === 0 && HEADER_NAMES.includes(String(name).trim().toLowerCase())) return;
        pairs.push({ name: String(name), value });
      });
      continue;
    }
    for (const row of matrix) {
      for (const value of Array.isArray(row) ? row : [row]) {
        if (isBlank(value)) continue;
        const pair = typeof value === "string" ? splitPair(value) : undefined;
        if (!pair) {
          throw new InvalidArgumentError(
            `Options in a range must be "name=value" text, or names and values in two columns; got "${String(value)}"`,
          );
        }
        pairs.push(pair);
      }
    }
  }
  return { positional, options: applyOptions(fn, pairs) };
}
