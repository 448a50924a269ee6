import { CustomFunctionsError } from "./error";

export interface InvocationInit {
  functionName?: string;
  address?: string;
  parameterAddresses?: string[];
  isInValuePreview?: boolean | string;
}

/**
 * One cell's streaming invocation, as Excel hands it to a `@streaming` function: `setResult` may be called any
 * number of times; when the cell is deleted, edited or recalculated to other arguments Excel calls `onCanceled`
 * and ignores later results. This fake records everything so tests and the playground can look at it.
 */
export class FakeStreamingInvocation<T> {
  readonly functionName?: string;
  readonly address?: string;
  readonly parameterAddresses?: string[];
  /**
   * Set on builds with CustomFunctionsRuntime 1.5: true (or "true", see ExcelBehaviour.previewFlag) when Excel runs
   * the function for formula value preview, false otherwise; undefined on older builds.
   */
  readonly isInValuePreview?: boolean | string;
  onCanceled?: () => void;
  /** Every value the cell showed, in order. */
  readonly results: (T | CustomFunctionsError)[] = [];
  /** Results set after cancellation: Excel drops them; a correct function sends none. */
  lateResults = 0;
  #canceled = false;
  readonly #waiters: { count: number; resolve: (value: T | CustomFunctionsError) => void }[] = [];
  readonly #listeners = new Set<(value: T | CustomFunctionsError) => void>();

  constructor(init: InvocationInit = {}) {
    if (init.functionName !== undefined) this.functionName = init.functionName;
    if (init.isInValuePreview !== undefined) this.isInValuePreview = init.isInValuePreview;
    if (init.address !== undefined) this.address = init.address;
    if (init.parameterAddresses !== undefined) this.parameterAddresses = init.parameterAddresses;
  }

  readonly setResult = (value: T | CustomFunctionsError): void => {
    if (this.#canceled) {
      this.lateResults++;
      return;
    }
    this.results.push(value);
    for (const waiter of this.#waiters.splice(0)) {
      if (this.results.length >= waiter.count) waiter.resolve(this.results[waiter.count - 1]!);
      else this.#waiters.push(waiter);
    }
    for (const listener of [...this.#listeners]) listener(value);
  };

  get canceled(): boolean {
    return this.#canceled;
  }

  /** The value the cell shows now (undefined while it shows #BUSY!). */
  get latest(): T | CustomFunctionsError | undefined {
    return this.results[this.results.length - 1];
  }

  /** Resolves with the n-th result (1-based), at once if it has already arrived. */
  result(n = 1): Promise<T | CustomFunctionsError> {
    if (this.results.length >= n) return Promise.resolve(this.results[n - 1]!);
    return new Promise((resolve) => this.#waiters.push({ count: n, resolve }));
  }

  /** Resolves with the next result set after this call. */
  next(): Promise<T | CustomFunctionsError> {
    return this.result(this.results.length + 1);
  }

  /** Called with each new result (the playground repaints the cell). Returns the unsubscribe. */
  onResult(listener: (value: T | CustomFunctionsError) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** What Excel does when the cell goes away or its formula changes. */
  cancel(): void {
    if (this.#canceled) return;
    this.#canceled = true;
    this.onCanceled?.();
  }
}
