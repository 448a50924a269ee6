import { type CanonicalRequest, requestLabel } from "../service-cells";

/** SERVICE cells showing values the workbook file held when it opened, by request (what the pane tells). */
export interface FileShownRow {
  key: string;
  /** The formula's source in words ("DATASET dex/pairs/ethereum (limit=20)"). */
  label: string;
  cells: number;
  /** When the file's values were read (epoch ms); undefined: the file does not say. */
  savedAt?: number;
}

/**
 * The cells showing what the file held, by address, until they show anything else (a refresh, an error) or are
 * cleared: the pane says how old those values are and that a Refresh All replaces them.
 */
export class FileShownCells {
  readonly #cells = new Map<string, { request: CanonicalRequest; savedAt?: number }>();
  readonly #listeners = new Set<() => void>();

  set(address: string, request: CanonicalRequest, savedAt: number | undefined): void {
    this.#cells.set(address, savedAt === undefined ? { request } : { request, savedAt });
    this.#changed();
  }

  remove(address: string | undefined): void {
    if (address !== undefined && this.#cells.delete(address)) this.#changed();
  }

  rows(): FileShownRow[] {
    const rows = new Map<string, FileShownRow>();
    for (const { request, savedAt } of this.#cells.values()) {
      const row = rows.get(request.key);
      if (row) row.cells++;
      else
        rows.set(request.key, {
          key: request.key,
          label: requestLabel(request),
          cells: 1,
          ...(savedAt === undefined ? {} : { savedAt }),
        });
    }
    return [...rows.values()];
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
