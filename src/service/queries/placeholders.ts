/**
 * Finds `{{key}}` placeholders in saved-query SQL and tells, for each, whether it stands inside a single-quoted
 * literal. Quote state is tracked the way the SQL lexer does it: `''` inside a literal is an escaped quote,
 * double-quoted identifiers and comments are skipped so a quote inside them does not flip the state.
 */
export interface Placeholder {
  key: string;
  start: number;
  end: number;
  quoted: boolean;
}

const PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/;

export function findPlaceholders(sql: string): Placeholder[] {
  const found: Placeholder[] = [];
  let i = 0;
  let inString = false;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "{" && sql[i + 1] === "{") {
      const m = PLACEHOLDER.exec(sql.slice(i));
      if (m) {
        found.push({ key: m[1], start: i, end: i + m[0].length, quoted: inString });
        i += m[0].length;
        continue;
      }
    }
    if (inString) {
      if (ch === "'") {
        if (sql[i + 1] === "'") i += 1;
        else inString = false;
      }
      i += 1;
      continue;
    }
    if (ch === "'") inString = true;
    else if (ch === '"') {
      const close = sql.indexOf('"', i + 1);
      i = close < 0 ? sql.length : close;
    } else if (ch === "-" && sql[i + 1] === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl;
    } else if (ch === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close < 0 ? sql.length : close + 1;
    }
    i += 1;
  }
  return found;
}
