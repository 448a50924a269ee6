/**
 * What the pane checks and reads of SQL text before and after a run, without sending anything: placeholders it must
 * refuse, and the position an engine's error names.
 */

/** `{{name}}` placeholders, as the service reads them (a saved query's parameters). */
const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** The placeholders' names, each once, in the order written. */
export function placeholdersOf(sql: string): string[] {
  return [...new Set([...sql.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Why the pane will not send this text, or undefined when it may. SQL sent as text runs as written (the service
 * refuses placeholders), so a parameterised text is refused here, with the way to parameterise it.
 */
export function sqlRefusal(sql: string): string | undefined {
  if (sql.trim() === "") return "Write a SQL query first.";
  const names = placeholdersOf(sql);
  if (names.length === 0) return undefined;
  const list = names.map((n) => `{{${n}}}`).join(", ");
  return (
    `This SQL has parameters (${list}); SQL text runs as written. To parameterise it, save it as a query on the ` +
    "service and run it from the Query tab (or with SERVICE.QUERY), or write the values into the SQL."
  );
}

/** A place in the text: 1-based line and column, as engines print them, and the offset it stands for. */
export interface SqlPosition {
  line: number;
  column: number;
  /** Offset in the text (0-based), clamped to it. */
  offset: number;
}

/**
 * The position an engine's message names: the real service's Trino prints `line 1:15: …` (1-based line and
 * column); DuckDB (the local service) prints `LINE 1: <the line>` and a caret under the spot on the next line.
 */
export function errorPosition(message: string, sql: string): SqlPosition | undefined {
  const trino = /\bline (\d+):(\d+)\b/.exec(message);
  if (trino) return at(sql, Number(trino[1]), Number(trino[2]));
  const duck = /LINE (\d+): (.*)\n( *)\^/.exec(message);
  if (duck) {
    // The caret's column counts from the start of the printed line, after `LINE n: ` (DuckDB may shorten a long line
    // with a leading `...`, which the quoted text then carries too: found in the SQL's own line to be exact).
    const prefix = `LINE ${duck[1]}: `.length;
    const quoted = duck[2]!;
    const caret = duck[3]!.length - prefix;
    const lineText = sql.split("\n")[Number(duck[1]) - 1] ?? "";
    const shown = quoted.replace(/^\.\.\./, "");
    const start = quoted.startsWith("...") ? Math.max(0, lineText.indexOf(shown)) - 3 : 0;
    return at(sql, Number(duck[1]), start + caret + 1);
  }
  return quotedName(message, sql);
}

/**
 * Without a printed position (the local service passes DuckDB's first line only: `Referenced column "nope" not
 * found`), the name the message quotes, where it stands alone in the text: its first place there.
 */
function quotedName(message: string, sql: string): SqlPosition | undefined {
  for (const m of message.matchAll(/"([^"\n]{1,128})"|'([^'\n]{1,128})'/g)) {
    const name = m[1] ?? m[2]!;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const found = new RegExp(`(^|[^A-Za-z0-9_])(${escaped})(?![A-Za-z0-9_])`).exec(sql);
    if (!found) continue;
    const offset = found.index + found[1]!.length;
    const before = sql.slice(0, offset).split("\n");
    return { line: before.length, column: before.at(-1)!.length + 1, offset };
  }
  return undefined;
}

function at(sql: string, line: number, column: number): SqlPosition | undefined {
  const lines = sql.split("\n");
  if (line < 1 || line > lines.length || column < 1) return undefined;
  let offset = 0;
  for (let i = 0; i < line - 1; i++) offset += lines[i]!.length + 1;
  offset += Math.min(column - 1, lines[line - 1]!.length);
  return { line, column, offset };
}
