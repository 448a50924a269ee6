import type { NotLoadedRow } from "../../service-cells";

/**
 * SERVICE cells whose data is not loaded (the workbook opened without refreshing and nothing was kept for this user,
 * or automatic loading is held), as the pane reaches them from the functions (absent when that bundle is not loaded).
 */
export interface NotLoadedSource {
  rows(): NotLoadedRow[];
  onChange(listener: () => void): () => void;
  /** Loads them all (the user's choice to spend what the list says). */
  load(): Promise<unknown>;
  /** What loading `rows` costs, in words. */
  cost(rows: readonly NotLoadedRow[]): string;
}
