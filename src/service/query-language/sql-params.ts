export type SqlParamValue = string | number | boolean | null;

/**
 * Collects bound values for one statement and hands out their placeholders. DuckDB's node API binds an array of
 * values to positional `$1, $2, ...`, so `values` is passed as-is to `connection.run(sql, params.values)`.
 * Sharing one instance across the WHERE clause and e.g. LIMIT keeps the numbering consistent.
 */
export class SqlParams {
  private readonly collected: SqlParamValue[] = [];

  add(value: SqlParamValue): string {
    // NaN/Infinity have no SQL literal and would be bound as something else; refusing keeps results predictable.
    if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`SqlParams: cannot bind ${value}`);
    if (value !== null && !["string", "number", "boolean"].includes(typeof value)) {
      throw new Error(`SqlParams: cannot bind a value of type ${typeof value}`);
    }
    this.collected.push(value);
    return `$${this.collected.length}`;
  }

  /** A copy, in placeholder order (`values[0]` is `$1`); mutable so it can go straight to `connection.run`. */
  get values(): SqlParamValue[] {
    return [...this.collected];
  }
}
