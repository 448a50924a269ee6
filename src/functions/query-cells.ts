import type { QueryCell } from "../service-cells";

/** The SERVICE.QUERY cells showing one parameter set (its run key). */
export interface QueryGroup {
  key: string;
  /** The first cell's request: every cell of the group has the same query, inputs and tier. */
  cell: QueryCell;
  /** `Sheet!A1` addresses of its cells (those Excel gave an address for), in the order they appeared. */
  addresses: string[];
  /** How many cells show it. */
  count: number;
  /** The strictest `max_age_hours` among its cells: stale for one cell means stale for the report. */
  maxAgeHours?: number;
  /** Some cell asked for `run=on_change`. */
  runOnChange: boolean;
  /** Some `run=on_change` cell of it came without an address (that build cannot run it on change). */
  noAddress: boolean;
}

interface Entry {
  key: string;
  cell: QueryCell;
  address?: string;
}

/**
 * Every SERVICE.QUERY cell on the sheets now (Excel cancels an invocation when its cell is cleared, edited or
 * recalculated with other inputs), and, per address, the inputs it showed last in this session: a cell whose
 * inputs changed is told apart from one that was entered, recalculated or loaded with the workbook.
 */
export class QueryCells {
  readonly #entries = new Set<Entry>();
  readonly #lastKeyAt = new Map<string, string>();
  readonly #listeners = new Set<() => void>();

  /** Adds a cell; `previousKey` is what the same address showed before, if it showed anything this session. */
  add(key: string, cell: QueryCell, address: string | undefined): { previousKey?: string; remove: () => void } {
    const entry: Entry = { key, cell, address };
    const previousKey = address === undefined ? undefined : this.#lastKeyAt.get(address);
    if (address !== undefined) this.#lastKeyAt.set(address, key);
    this.#entries.add(entry);
    this.#changed();
    return {
      previousKey,
      remove: () => {
        if (this.#entries.delete(entry)) this.#changed();
      },
    };
  }

  /** What the cell at `address` showed last this session, if anything. */
  lastKeyAt(address: string | undefined): string | undefined {
    return address === undefined ? undefined : this.#lastKeyAt.get(address);
  }

  groups(): QueryGroup[] {
    const byKey = new Map<string, QueryGroup>();
    for (const { key, cell, address } of this.#entries) {
      let group = byKey.get(key);
      if (!group) {
        group = { key, cell, addresses: [], count: 0, runOnChange: false, noAddress: false };
        byKey.set(key, group);
      }
      group.count++;
      if (address !== undefined && !group.addresses.includes(address)) group.addresses.push(address);
      if (cell.maxAgeHours !== undefined) group.maxAgeHours = Math.min(group.maxAgeHours ?? Infinity, cell.maxAgeHours);
      group.runOnChange ||= cell.runOnChange;
      group.noAddress ||= cell.noAddress === true;
    }
    return [...byKey.values()];
  }

  has(key: string): boolean {
    for (const entry of this.#entries) if (entry.key === key) return true;
    return false;
  }

  get count(): number {
    return this.#entries.size;
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
