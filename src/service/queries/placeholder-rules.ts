import { findPlaceholders, type Placeholder } from "./placeholders";
import type { QueryParameter, SavedQuery } from "./saved-query";

/** Why a placeholder may not stand in each literal form other than a plain '…' one. */
const WHY: Record<Exclude<Placeholder["region"], "code" | "string">, string> = {
  "escape string": "E'…' reads a backslash as an escape, so \\' in a value would end the literal",
  "bit string": "B'…' has no escape at all, so a quote in a value would end the literal",
  "hex string": "X'…' has no escape at all, so a quote in a value would end the literal",
  "national string": "N'…' is read by its own rules, which substitution does not reproduce",
  "Unicode string": "U&'…' is read by its own rules (escapes, UESCAPE), which substitution does not reproduce",
  "dollar-quoted string": "nothing is escaped between dollar quotes, so a value holding the tag would end the literal",
  "double-quoted identifier": "a placeholder stands for a value, never for a column or table name",
};

/** Options of an enum written outside quotes: words joined by single spaces or dots (`asc`, `nulls first`, `a.b`). */
const PLAIN_WORDS = /^[A-Za-z0-9_]+(?:[ .][A-Za-z0-9_]+)*$/;
/** After an unquoted enum: characters that would fuse with its text into another token (a prefix, a tag…). */
const FUSES_AFTER = /[A-Za-z0-9_$\u0080-\uffff'"&]/;

/**
 * The one rule for placeholders, checked when queries are loaded: a placeholder stands either inside a plain '…'
 * literal (where substitution doubles quotes, which is all that literal form escapes), or outside every literal when
 * its parameter is a number (substituted in parentheses) or an enum (one of the author's plain-word options, which
 * must not fuse with the characters around it). Every other literal form DuckDB knows is refused, saying why.
 */
export function checkPlaceholders(q: SavedQuery, where: string): void {
  for (const ph of findPlaceholders(q.sql)) {
    const param = q.parameters.find((p) => p.key === ph.key);
    const name = `{{${ph.key}}}`;
    if (!param) throw new Error(`${where}: placeholder ${name} has no parameter declared`);
    if (ph.region === "string") continue;
    if (ph.region !== "code") {
      throw new Error(
        `${where}: ${name} stands inside a ${ph.region} (${WHY[ph.region]}); a placeholder may stand only inside a ` +
          `plain '…' literal, where a quote in the value is doubled: write '${name}' (cast it if needed)`,
      );
    }
    if (param.type === "text" || param.type === "date") {
      throw new Error(
        `${where}: ${name} is a ${param.type} parameter outside a quoted literal; ` +
          `write '${name}' (only number and enum parameters may stand outside quotes)`,
      );
    }
    if (param.type === "enum") checkUnquotedEnum(q.sql, ph, param, where);
  }
}

function checkUnquotedEnum(sql: string, ph: Placeholder, param: QueryParameter, where: string): void {
  const name = `{{${ph.key}}}`;
  const bad = (param.enumOptions ?? []).find((option) => !PLAIN_WORDS.test(option));
  if (bad !== undefined) {
    throw new Error(
      `${where}: ${name} stands outside quotes, so its options must be plain words (letters, digits, _, joined by ` +
        `single spaces or dots); ${JSON.stringify(bad)} is not`,
    );
  }
  const after = sql[ph.end] ?? "";
  if (FUSES_AFTER.test(after)) {
    throw new Error(
      `${where}: ${name} stands right before ${JSON.stringify(after)}, which would join its value into another ` +
        `token (e.g. E'…', an escape string); put a space between them`,
    );
  }
  if (sql[ph.start - 1] === "$") {
    throw new Error(
      `${where}: ${name} stands right after "$", which would make its value a dollar-quote tag; put a space between`,
    );
  }
}
