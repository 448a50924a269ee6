import { parse } from "papaparse";
import { typeField } from "./typing";

export interface ParsedCsv {
  header: string[];
  /** Typed rows, header excluded. */
  rows: (string | number)[][];
}

/**
 * One CSV page of E3/E5: header row first, RFC 4180 quoting, every line ended by a newline.
 * Parsing is papaparse's; typing is ours (papaparse's dynamicTyping would turn `00123` and wide integers into
 * numbers and lose them).
 */
export function parseCsvPage(text: string): ParsedCsv {
  if (text === "") return { header: [], rows: [] };
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
  const [header = [], ...records] = data;
  const rows = new Array<(string | number)[]>(records.length);
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const row = new Array<string | number>(header.length);
    // A short record (a one-column null row, or a ragged line) is padded with empty fields.
    for (let c = 0; c < header.length; c++) row[c] = typeField(record[c] ?? "");
    rows[r] = row;
  }
  return { header, rows };
}
