import { sqlRegions, type SqlRegion } from "./sql-regions";

/**
 * Finds `{{key}}` placeholders in saved-query SQL and tells, for each, where DuckDB's lexer would read it: in code,
 * or inside which literal form (see sql-regions.ts). Placeholders inside comments are not returned: DuckDB never
 * reads them, so they are left as written.
 */
export interface Placeholder {
  key: string;
  start: number;
  end: number;
  /** "code" outside every literal, else the literal form holding it. */
  region: "code" | Exclude<SqlRegion, "comment">;
  /** True inside a plain '…' literal, the one form whose escaping substitution reproduces exactly. */
  quoted: boolean;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function findPlaceholders(sql: string): Placeholder[] {
  const spans = sqlRegions(sql);
  const found: Placeholder[] = [];
  let s = 0;
  for (const m of sql.matchAll(PLACEHOLDER)) {
    const start = m.index ?? 0;
    while (s < spans.length && spans[s].end <= start) s += 1;
    const region = spans[s] !== undefined && spans[s].start <= start ? spans[s].region : "code";
    if (region === "comment") continue;
    found.push({ key: m[1], start, end: start + m[0].length, region, quoted: region === "string" });
  }
  return found;
}
