import type { LiveCell } from "./live-cells";
import type { CellRequestOptions } from "./options";
import type { CachedTable } from "./render";
import type { CanonicalRequest } from "./request";

/**
 * What the bus delivers to every cell of one request: the rows (with a note when they were not refreshed, said on
 * the spill's first header cell), or why there are none.
 */
export type Outcome = { table: CachedTable; note?: string } | { error: unknown };

/** A live DATASET/RESULTS cell: its request, and how it turns an outcome into its own spill. */
export interface TableCell extends LiveCell<Outcome> {
  readonly request: CanonicalRequest;
}

export interface TableCellDeps {
  render: (key: string, table: CachedTable, options: CellRequestOptions["render"], note?: string) => unknown[][];
  toError: (error: unknown) => CustomFunctions.Error;
  /** Told about each failure a cell shows (a run still going is watched until it ends). */
  onFailure: (request: CanonicalRequest, error: unknown) => void;
  /** Told where each result is shown, and when a cell stops showing one (SERVICE.SOURCE looks results up there). */
  shown?: (invocation: Invocation, request: CanonicalRequest, table: CachedTable, matrix: unknown[][]) => void;
  gone?: (invocation: Invocation) => void;
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
        const matrix = deps.render(request.key, outcome.table, options.render, outcome.note);
        invocation.setResult(matrix);
        deps.shown?.(invocation, request, outcome.table, matrix);
      } catch (error) {
        invocation.setResult(deps.toError(error));
        deps.gone?.(invocation);
      }
    },
    cancel: () => {
      active = false;
      deps.gone?.(invocation);
    },
  };
}
