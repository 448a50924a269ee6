import type { LiveCell } from "./live-cells";
import type { CellRequestOptions } from "./options";
import type { CachedTable } from "./render";
import type { CanonicalRequest } from "./request";

/** A fetch that failed while the cells keep rows fetched earlier (at `fetchedAt`, when known). */
export interface RefreshFailed {
  error: unknown;
  fetchedAt?: number;
}

/** What the bus delivers to every cell of one request: the rows (kept after a failed refresh), or why there are none. */
export type Outcome = { table: CachedTable; refreshFailed?: RefreshFailed } | { error: unknown };

/** A live DATASET/RESULTS cell: its request, and how it turns an outcome into its own spill. */
export interface TableCell extends LiveCell<Outcome> {
  readonly request: CanonicalRequest;
}

export interface TableCellDeps {
  render: (key: string, table: CachedTable, options: CellRequestOptions["render"]) => unknown[][];
  /** The spill of rows kept after a failed refresh, saying so where a cell can (its first header cell). */
  withFailure: (matrix: unknown[][], failed: RefreshFailed, options: CellRequestOptions["render"]) => unknown[][];
  toError: (error: unknown) => CustomFunctions.Error;
  /** Told about each failure a cell shows (a run still going is watched until it ends). */
  onFailure: (request: CanonicalRequest, error: unknown) => void;
}

/**
 * Wraps an invocation: `push` renders with this cell's own options (headers, timestamps, separator) and sets the
 * result; after `cancel` it does nothing, so a cleared cell never receives values.
 */
export function tableCell(
  deps: TableCellDeps,
  request: CanonicalRequest,
  options: CellRequestOptions,
  autoRefresh: boolean,
  invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
): TableCell & { cancel(): void } {
  let active = true;
  return {
    key: request.key,
    request,
    autoRefresh,
    push: (outcome) => {
      if (!active) return;
      if ("error" in outcome) {
        invocation.setResult(deps.toError(outcome.error));
        deps.onFailure(request, outcome.error);
        return;
      }
      try {
        const matrix = deps.render(request.key, outcome.table, options.render);
        invocation.setResult(
          outcome.refreshFailed ? deps.withFailure(matrix, outcome.refreshFailed, options.render) : matrix,
        );
      } catch (error) {
        invocation.setResult(deps.toError(error));
      }
    },
    cancel: () => {
      active = false;
    },
  };
}
