import {
  type CachedTable,
  type CanonicalRequest,
  type CellRequestOptions,
  datasetRequest,
  queryRunKey,
  type QueryRuns,
  readArguments,
  readQueryCell,
  resultsRequest,
} from "../service-cells";

type Invocation<T> = CustomFunctions.StreamingInvocation<T>;

/**
 * Excel calls functions while a formula is being typed, to preview its value (CustomFunctionsRuntime 1.5, Excel on
 * Windows and Mac: custom-functions-formula-value-preview.md; "On Excel Online, this will always be false",
 * DefinitelyTyped#72493). The typings declare the flag a string, the reference describes true/false: both count.
 */
export function isValuePreview(invocation: unknown): boolean {
  const flag = (invocation as { isInValuePreview?: unknown } | null)?.isInValuePreview;
  return flag === true || flag === "true";
}

export const PREVIEW_NO_DATA = "Preview: no data loaded for this formula yet (it loads once the formula is entered).";
export const PREVIEW_STATUS = "Preview: the status shows once the formula is entered.";
export const PREVIEW_NO_RUN = "Preview: no run of this query with these inputs yet.";

export interface PreviewDeps {
  /** Rows the caches hold for a request, without any request. */
  peek(request: CanonicalRequest): Promise<CachedTable | undefined>;
  render(key: string, table: CachedTable, options: CellRequestOptions["render"]): unknown[][];
  toError(error: unknown): CustomFunctions.Error;
  notAvailable(message: string): CustomFunctions.Error;
}

/**
 * A preview of a DATASET or RESULTS cell: the rows already at hand (this session's, or kept from an earlier one,
 * however old), or a short hint. Nothing is fetched, nothing becomes live, nothing is refreshed later.
 */
export function previewTable(
  deps: PreviewDeps,
  invocation: Invocation<unknown[][]>,
  build: () => { request: CanonicalRequest; options: CellRequestOptions },
): void {
  let canceled = false;
  invocation.onCanceled = () => {
    canceled = true;
  };
  let built: ReturnType<typeof build>;
  try {
    built = build();
  } catch (error) {
    invocation.setResult(error instanceof PreviewHint ? deps.notAvailable(error.message) : deps.toError(error));
    return;
  }
  const { request, options } = built;
  void deps.peek(request).then(
    (table) => {
      if (canceled) return;
      try {
        invocation.setResult(
          table ? deps.render(request.key, table, options.render) : deps.notAvailable(PREVIEW_NO_DATA),
        );
      } catch (error) {
        invocation.setResult(deps.toError(error));
      }
    },
    () => !canceled && invocation.setResult(deps.notAvailable(PREVIEW_NO_DATA)),
  );
}

/**
 * A preview of a SERVICE.QUERY cell: the remembered run for its inputs (typed by their names: the query's declaration
 * would be a request), if its rows are at hand. Never runs the query, whatever `run=` says.
 */
export function previewQuery(
  deps: PreviewDeps & { runs: QueryRuns },
  queryId: unknown,
  args: unknown[][][] | null | undefined,
  invocation: Invocation<unknown[][]>,
): void {
  previewTable(deps, invocation, () => {
    const cell = readQueryCell(queryId, args);
    const run = deps.runs.get(queryRunKey(cell.queryId, cell.parameters, cell.performance));
    if (!run) throw new PreviewHint(PREVIEW_NO_RUN);
    return { request: resultsRequest(run.executionId, [], cell.options), options: cell.options };
  });
}

/** A preview that has only words to show. */
export class PreviewHint extends Error {}

/** The value preview of each SERVICE function: what is at hand, or a hint, and never a request. */
export class Previews {
  readonly #deps: PreviewDeps & { runs: () => QueryRuns };

  constructor(deps: PreviewDeps & { runs: () => QueryRuns }) {
    this.#deps = deps;
  }

  dataset(name: unknown, args: unknown[][][] | null | undefined, invocation: Invocation<unknown[][]>): void {
    previewTable(this.#deps, invocation, () => {
      const { positional, options } = readArguments("DATASET", args);
      return { request: datasetRequest(name, positional, options), options };
    });
  }

  results(id: unknown, args: unknown[][][] | null | undefined, invocation: Invocation<unknown[][]>): void {
    previewTable(this.#deps, invocation, () => {
      const { positional, options } = readArguments("RESULTS", args);
      return { request: resultsRequest(id, positional, options), options };
    });
  }

  query(queryId: unknown, args: unknown[][][] | null | undefined, invocation: Invocation<unknown[][]>): void {
    previewQuery({ ...this.#deps, runs: this.#deps.runs() }, queryId, args, invocation);
  }

  /** A status is polled from the service: a preview has nothing to show without asking it. */
  status(invocation: Invocation<string>): void {
    invocation.setResult(this.#deps.notAvailable(PREVIEW_STATUS));
  }
}
