/**
 * Cells as text on the system clipboard, the way Excel puts them there and reads them back: tab between cells,
 * CRLF after each row; a cell holding a tab, a line break or a double quote is quoted, its quotes doubled.
 */
export function toTsv(rows: readonly (readonly string[])[]): string {
  const cell = (text: string) => (/[\t\r\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return rows.map((row) => row.map(cell).join("\t") + "\r\n").join("");
}

/** A quoted cell starting at `at`: its text (quotes undoubled) and where it ends; null when it is not one. */
function quoted(text: string, at: number): { inner: string; end: number } | null {
  let inner = "";
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] !== '"') inner += text[i];
    else if (text[i + 1] === '"') {
      inner += '"';
      i++;
    } else return /^[\t\r\n]?$/.test(text[i + 1] ?? "") ? { inner, end: i + 1 } : null;
  }
  return null;
}

/** Text from the clipboard as rows of cells (a trailing line break ends the last row; it adds none). */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let field = "";
    const q = text[i] === '"' ? quoted(text, i) : null;
    if (q) {
      field = q.inner;
      i = q.end;
    }
    while (i < text.length && !"\t\r\n".includes(text[i]!)) field += text[i++];
    row.push(field);
    if (i >= text.length) {
      if (row.length > 1 || row[0] !== "") rows.push(row);
      return rows;
    }
    if (text[i] === "\t") {
      i++;
      continue;
    }
    if (text[i] === "\r" && text[i + 1] === "\n") i++;
    i++;
    rows.push(row);
    row = [];
    if (i >= text.length) return rows;
  }
}
