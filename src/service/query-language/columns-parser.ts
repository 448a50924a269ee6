import { resolveColumn } from "./column-lookup";
import type { ColumnInfo } from "./column-types";
import { QueryLanguageError } from "./errors";
import { checkLength } from "./token-cursor";

/**
 * Parses the `columns` parameter: names separated by commas, each bare (whitespace around it trimmed; inner spaces
 * kept, since only known column names are accepted anyway) or in double quotes (`""` for a quote, commas allowed
 * inside). Names follow the filter rules (exact case first, then a unique case-insensitive match).
 * Returns real column names in the order given. A column named twice is kept once, at its first place: asking
 * twice for the same data is harmless and Excel users build these lists by concatenating cells.
 * Blank text is an error; callers treat an absent or empty parameter as "all columns" before calling.
 */
export function parseColumns(text: string, columns: readonly ColumnInfo[]): string[] {
  checkLength("columns", text);
  if (text.trim() === "")
    throw new QueryLanguageError("columns", 0, "columns is empty", "list column names separated by commas");
  const result: string[] = [];
  let i = 0;
  for (;;) {
    const item = readItem(text, i);
    const name = resolveColumn("columns", item.name, item.position, columns).name;
    if (!result.includes(name)) result.push(name);
    if (item.end >= text.length) return result;
    i = item.end + 1; // past the comma
  }
}

interface Item {
  name: string;
  /** Where the name starts (its opening quote, if quoted). */
  position: number;
  /** Index of the comma ending the item, or text.length. */
  end: number;
}

function readItem(text: string, start: number): Item {
  let i = start;
  while (i < text.length && /\s/.test(text[i])) i++;
  if (i >= text.length || text[i] === ",") {
    throw new QueryLanguageError("columns", i, "a column name is missing", "remove the extra comma");
  }
  if (text[i] === '"') return readQuotedItem(text, i);
  const comma = text.indexOf(",", i);
  const end = comma < 0 ? text.length : comma;
  const raw = text.slice(i, end);
  const quote = raw.indexOf('"');
  if (quote >= 0) {
    throw new QueryLanguageError(
      "columns",
      i + quote,
      'unexpected " inside a column name',
      'put the whole name in double quotes, writing "" for a quote inside it',
    );
  }
  return { name: raw.trimEnd(), position: i, end };
}

function readQuotedItem(text: string, open: number): Item {
  let name = "";
  let i = open + 1;
  for (;;) {
    const next = text.indexOf('"', i);
    if (next < 0) {
      throw new QueryLanguageError(
        "columns",
        open,
        "unterminated quoted column name",
        'close it with " (write "" for a quote inside the name)',
      );
    }
    name += text.slice(i, next);
    if (text[next + 1] === '"') {
      name += '"';
      i = next + 2;
      continue;
    }
    let end = next + 1;
    while (end < text.length && /\s/.test(text[end])) end++;
    if (end < text.length && text[end] !== ",") {
      throw new QueryLanguageError(
        "columns",
        end,
        "expected a comma after the quoted column name",
        "separate column names with commas",
      );
    }
    return { name, position: open, end };
  }
}
