import type { LiveCell } from "./live-cells";
import type { CachedTable, CanonicalRequest, CellRequestOptions } from "../service-cells";

/** A fetch that failed while the cells keep rows fetched earlier (at `fetchedAt`, when known). */
export interface RefreshFailed {
  error: unknown;
  fetchedAt?: number;
}

/**
 * What the bus delivers to every cell of one request: the rows (with a note when a refresh over its cap was not
 * made, or kept after a failed refresh; either said on the spill's first header cell), or why there are none. A
 * refresh held by the automatic budget delivers nothing: the cells stay as they are.
 */
export type Outcome = { table: CachedTable; note?: string; refreshFailed?: RefreshFailed } | { error: unknown };

/** A live DATASET/RESULTS cell: its request, and how it turns an outcome into its own spill. */
export interface TableCell extends LiveCell<Outcome> {
  readonly request: CanonicalRequest;
  /** Shows values the workbook file held for it, as they were (nothing fetched), read at `savedAt` when known. */
  adopt(values: unknown[][], savedAt: number | undefined): void;
}

export interface TableCellDeps {
  render: (key: string, table: CachedTable, options: CellRequestOptions["render"], note?: string) => unknown[][];
  /** The spill of rows kept after a failed refresh, saying so where a cell can (its first header cell). */
  withFailure: (matrix: unknown[][], failed: RefreshFailed, options: CellRequestOptions["render"]) => unknown[][];
  toError: (error: unknown) => CustomFunctions.Error;
  /** Told about each failure a cell shows (a run still going is watched until it ends). */
  onFailure: (request: CanonicalRequest, error: unknown) => void;
  /** Told where each result is shown, and when a cell stops showing one (SERVICE.SOURCE looks results up there). */
  shown?: (invocation: Invocation, request: CanonicalRequest, table: CachedTable, matrix: unknown[][]) => void;
  gone?: (invocation: Invocation) => void;
  /** Told where values the file held are shown, and when they were read (SERVICE.SOURCE). */
  placed?: (
    invocation: Invocation,
    request: CanonicalRequest,
    savedAt: number | undefined,
    matrix: unknown[][],
  ) => void;
}

type Invocation = CustomFunctions.StreamingInvocation<unknown[][]>;

/**
 * Wraps an invocation: `push` renders with this cell's own options (headers, timestamps, separator) and sets the
 * result; after `cancel` it does nothing, so a cleared cell never receives values.
 */
export function tableCell(
  deps: TableCellDeps,
  request: CanonicalRequest,
  options: CellRequestOptions,
  autoRefresh: boolean,
  invocation: Invocation,
): TableCell & { cancel(): void } {
  let active = true;
  return {
    key: request.key,
    request,
    autoRefresh,
    ...(options.maxCredits === undefined ? {} : { capCredits: options.maxCredits }),
    ...(invocation.address ? { address: invocation.address } : {}),
    push: (outcome) => {
      if (!active) return;
      if ("error" in outcome) {
        invocation.setResult(deps.toError(outcome.error));
        deps.gone?.(invocation);
        deps.onFailure(request, outcome.error);
        return;
      }
      try {
        const rendered = deps.render(request.key, outcome.table, options.render, outcome.note);
        const matrix = outcome.refreshFailed
          ? deps.withFailure(rendered, outcome.refreshFailed, options.render)
          : rendered;
        invocation.setResult(matrix);
        deps.shown?.(invocation, request, outcome.table, matrix);
      } catch (error) {
        invocation.setResult(deps.toError(error));
        deps.gone?.(invocation);
      }
    },
    adopt: (values, savedAt) => {
      if (!active) return;
      invocation.setResult(values);
      deps.placed?.(invocation, request, savedAt, values);
    },
    cancel: () => {
      active = false;
      deps.gone?.(invocation);
    },
  };
}
