import type { QueryParameterValue } from "../../client";

/** One row of the parameters editor. `id` keeps focus and labels stable while rows come and go. */
export interface ParameterRow {
  id: number;
  name: string;
  value: string;
}

export type ParametersResult =
  { ok: true; parameters: Record<string, QueryParameterValue> } | { ok: false; message: string; rowId: number };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The rows as E1's `query_parameters`. Values go as typed text: the service validates and converts each one
 * against the saved query's declared type (number, date, enum), and text would lose nothing a number keeps.
 * Fully blank rows are skipped (an "add" that was never filled in); a blank name with a value is an error.
 */
export function toQueryParameters(rows: readonly ParameterRow[]): ParametersResult {
  const parameters: Record<string, QueryParameterValue> = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (name === "" && row.value.trim() === "") continue;
    if (name === "")
      return { ok: false, message: `Give the parameter with value "${row.value}" a name.`, rowId: row.id };
    if (!NAME.test(name)) {
      return { ok: false, message: `"${name}" is not a parameter name: use letters, digits and _.`, rowId: row.id };
    }
    if (Object.prototype.hasOwnProperty.call(parameters, name)) {
      return { ok: false, message: `The parameter "${name}" is listed twice.`, rowId: row.id };
    }
    parameters[name] = row.value;
  }
  return { ok: true, parameters };
}

/** The editor's rows: add, remove, edit; ids never repeat within one editor. */
export class ParameterRows {
  #rows: ParameterRow[] = [];
  #next = 1;

  get rows(): readonly ParameterRow[] {
    return this.#rows;
  }

  add(name = "", value = ""): ParameterRow {
    const row = { id: this.#next++, name, value };
    this.#rows = [...this.#rows, row];
    return row;
  }

  remove(id: number): void {
    this.#rows = this.#rows.filter((r) => r.id !== id);
  }

  update(id: number, patch: Partial<Pick<ParameterRow, "name" | "value">>): void {
    this.#rows = this.#rows.map((r) => (r.id === id ? { ...r, ...patch } : r));
  }

  /** Replaces all rows (history re-run). */
  reset(parameters: Record<string, QueryParameterValue> = {}): void {
    this.#rows = [];
    for (const [name, value] of Object.entries(parameters)) this.add(name, String(value));
  }
}
