import { exactNumber, isNonFiniteText, isPlainInteger } from "../../numbers";

/**
 * Typing of CSV fields. CSV carries no types, so a column becomes numbers only when every non-empty field in it is
 * exactly a number in Excel (src/numbers: a canonical decimal that is a plain integer of at most 15 significant
 * digits, or a double's shortest round-trip text such as the service's `4.1022970815538215e+06`): a column holding
 * `007`, `1e5` and `=1+1` is a text column, and `1e5` then stays the text it was. A double column may hold the
 * doubles Excel has no number for (`NaN`, `+Inf`): those fields stay text without making the column text.
 */

export type CsvValue = string | number;

/** How the real service's CSV writes a null (its engine's Go-style nil): read as an empty field. */
export const CSV_NULL = "<nil>";

/** A record's field, with the service's null spelling read as empty. */
function fieldOf(record: readonly string[], c: number): string {
  const text = record[c] ?? "";
  return text === CSV_NULL ? "" : text;
}

/** One field on its own: the number when exact, else the text unchanged. Empty stays empty (""), never 0. */
export function typeField(text: string): CsvValue {
  return exactNumber(text) ?? text;
}

/**
 * Typed rows and column types from text records (`<nil>` is an empty field). A column is numeric when all its
 * non-empty fields are exact numbers, exponent forms included (`3.83e+10`), or non-finite doubles (`NaN`, kept as
 * text); then its type is bigint (all plain integers) or double; otherwise varchar ("unknown" if all empty).
 */
export function typeColumns(
  records: readonly (readonly string[])[],
  width: number,
): { rows: CsvValue[][]; types: string[] } {
  const numeric = new Array<boolean>(width).fill(true);
  const integral = new Array<boolean>(width).fill(true);
  const seen = new Array<boolean>(width).fill(false);
  /** Rows before which column c held only numbers; those are put back to text if the column turns out mixed. */
  const failedAt = new Array<number>(width).fill(-1);
  const rows = new Array<CsvValue[]>(records.length);
  // One pass converts optimistically; a column stops being tried at its first text value.
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const row = new Array<CsvValue>(width);
    for (let c = 0; c < width; c++) {
      const text = fieldOf(record, c);
      row[c] = text;
      if (!numeric[c] || text === "") continue;
      seen[c] = true;
      const value = exactNumber(text);
      if (value === undefined && isNonFiniteText(text)) {
        integral[c] = false;
      } else if (value === undefined) {
        numeric[c] = false;
        failedAt[c] = r;
      } else {
        row[c] = value;
        if (integral[c] && !isPlainInteger(text)) integral[c] = false;
      }
    }
    rows[r] = row;
  }
  for (let c = 0; c < width; c++) {
    for (let r = 0; r < failedAt[c]!; r++) rows[r]![c] = fieldOf(records[r]!, c);
  }
  const types = numeric.map((isNumeric, c) =>
    !seen[c] ? "unknown" : isNumeric ? (integral[c] ? "bigint" : "double") : "varchar",
  );
  return { rows, types };
}

/**
 * Makes a column consistent across pages: when one page typed a column as numbers and another as text, the
 * numbers go back to text (their exact text, since only exact numbers were converted).
 */
export function reconcileColumn(rows: unknown[][], column: number): void {
  for (const row of rows) {
    const value = row[column];
    if (typeof value === "number") row[column] = String(value);
  }
}
