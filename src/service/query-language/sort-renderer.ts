import { quoteIdentifier } from "./quote-identifier";
import type { SortKey } from "./sort-parser";

const DIRECTIONS: Readonly<Record<string, string>> = { asc: "ASC", desc: "DESC" };
const NULLS: Readonly<Record<string, string>> = { first: " NULLS FIRST", last: " NULLS LAST" };

/**
 * Renders the ORDER BY list (without the words ORDER BY). Directions and null placements are mapped through fixed
 * tables rather than copied, so a hand-built key cannot put text into the SQL.
 */
export function renderSort(keys: readonly SortKey[]): string {
  if (keys.length === 0) throw new Error("renderSort: no sort keys");
  return keys
    .map((key) => {
      const direction = own(DIRECTIONS, key.direction);
      const nulls = key.nulls === undefined ? "" : own(NULLS, key.nulls);
      if (direction === undefined || nulls === undefined) throw new Error("renderSort: malformed sort key");
      return `${quoteIdentifier(key.column)} ${direction}${nulls}`;
    })
    .join(", ");
}

function own(table: Readonly<Record<string, string>>, key: unknown): string | undefined {
  return typeof key === "string" && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
