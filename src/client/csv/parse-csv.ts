import { parse } from "papaparse";
import { type CsvValue, typeColumns } from "./typing";

export interface ParsedCsv {
  header: string[];
  /** Typed rows, header excluded. */
  rows: CsvValue[][];
  /** Per column: bigint or double when every value is an exact number, varchar, or unknown (all empty). */
  types: string[];
}

/**
 * One CSV page of E3/E5: header row first, RFC 4180 quoting, every line ended by a newline.
 * Parsing is papaparse's; typing is ours (papaparse's dynamicTyping would turn `00123` and wide integers into
 * numbers and lose them).
 */
export function parseCsvPage(text: string): ParsedCsv {
  if (text === "") return { header: [], rows: [], types: [] };
  const firstNewline = text.indexOf("\n");
  const newline = firstNewline > 0 && text[firstNewline - 1] === "\r" ? "\r\n" : "\n";
  const parsed = parse<string[]>(text, { delimiter: ",", newline, quoteChar: '"', skipEmptyLines: false });
  const data = parsed.data;
  // The final line ending leaves one empty record behind; a record of one empty field elsewhere is a real
  // row (a one-column result holding null), so only the last one goes.
  if (text.endsWith(newline) && data.length > 0) {
    const last = data[data.length - 1]!;
    if (last.length === 1 && last[0] === "") data.pop();
  }
  const header = data.length > 0 ? data[0]! : [];
  const { rows, types } = typeColumns(data.slice(1), header.length);
  return { header, rows, types };
}
