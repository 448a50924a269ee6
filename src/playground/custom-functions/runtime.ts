import { CustomFunctionsError, ErrorCode, isCustomFunctionsError } from "./error";
import { FakeStreamingInvocation } from "./invocation";
import { type FunctionMetadata, type FunctionsMetadata, coerceArguments } from "./metadata";

/** What Excel tells an invocation about where and why it runs. */
export interface InvocationContext {
  /** The calling cell, "Sheet1!A1". */
  address?: string;
  /** false: a build that gives streaming functions no address (see ExcelBehaviour.streamAddress). */
  streamAddress?: boolean;
  /**
   * Where each argument came from, "Sheet1!B3" (a reference's range; "" for a literal): given to a function whose
   * metadata asks for it (`requiresParameterAddresses`, or `requiresStreamParameterAddresses` for a stream), as
   * CustomFunctions.Invocation's `parameterAddresses` (CustomFunctionsRuntime 1.3).
   */
  parameterAddresses?: string[];
  isInValuePreview?: boolean | string;
}

// Function objects of any signature are what `associate` receives; this is the one untyped boundary, as in Excel.
type AnyFunction = (...args: never[]) => unknown;

/** The global `CustomFunctions` namespace as far as add-in code uses it. */
export interface CustomFunctionsNamespace {
  associate(idOrMappings: string | Record<string, AnyFunction>, fn?: AnyFunction): void;
  Error: typeof CustomFunctionsError;
  ErrorCode: typeof ErrorCode;
}

/**
 * An in-memory stand-in for Excel's custom-functions runtime: `associate` registers, `stream`/`call` invoke like
 * a cell would (arguments coerced from `functions.json` when given), and every invocation is kept so a test or
 * the playground can cancel it (as Excel does when a cell is cleared) and look at what it showed.
 */
export class FakeCustomFunctionsRuntime {
  readonly #functions = new Map<string, AnyFunction>();
  readonly #metadata = new Map<string, FunctionMetadata>();
  readonly invocations: FakeStreamingInvocation<unknown>[] = [];
  readonly namespace: CustomFunctionsNamespace;

  constructor(metadata?: FunctionsMetadata) {
    for (const fn of metadata?.functions ?? []) this.#metadata.set(fn.id.toUpperCase(), fn);
    this.namespace = {
      associate: (idOrMappings, fn) => this.associate(idOrMappings, fn),
      Error: CustomFunctionsError,
      ErrorCode,
    };
  }

  associate(idOrMappings: string | Record<string, AnyFunction>, fn?: AnyFunction): void {
    if (typeof idOrMappings === "string") {
      if (typeof fn !== "function") throw new TypeError(`associate("${idOrMappings}") needs a function`);
      this.#functions.set(idOrMappings.toUpperCase(), fn);
      return;
    }
    for (const [id, f] of Object.entries(idOrMappings)) this.associate(id, f);
  }

  get ids(): string[] {
    return [...this.#functions.keys()];
  }

  #lookup(id: string): { fn: AnyFunction; meta?: FunctionMetadata } {
    const key = id.toUpperCase();
    const fn = this.#functions.get(key);
    if (!fn) throw new Error(`#NAME? no function is associated with id "${id}"`);
    return { fn, meta: this.#metadata.get(key) };
  }

  #args(meta: FunctionMetadata | undefined, args: readonly unknown[]): unknown[] {
    return meta ? coerceArguments(meta, args) : [...args];
  }

  /**
   * Enters a streaming function in a cell. Without metadata, `args` must already be shaped as Excel would. As in
   * Excel, the invocation carries the cell's address only for a function whose metadata asks for it, and only on
   * builds that give streaming functions an address (`context.streamAddress`, default true). `context` may be the
   * address alone.
   */
  stream<T = unknown>(
    id: string,
    args: readonly unknown[],
    context: string | InvocationContext = {},
  ): FakeStreamingInvocation<T> {
    const at = typeof context === "string" ? { address: context } : context;
    const { fn, meta } = this.#lookup(id);
    if (meta && meta.options?.stream !== true) throw new Error(`${id} is not a streaming function`);
    const wantsAddress =
      !meta || meta.options?.requiresStreamAddress === true || meta.options?.requiresAddress === true;
    const wantsParameters =
      !meta ||
      meta.options?.requiresStreamParameterAddresses === true ||
      meta.options?.requiresParameterAddresses === true;
    const invocation = new FakeStreamingInvocation<T>({
      functionName: id.toUpperCase(),
      address: wantsAddress && at.streamAddress !== false ? at.address : undefined,
      parameterAddresses: wantsParameters && at.streamAddress !== false ? at.parameterAddresses : undefined,
      isInValuePreview: at.isInValuePreview,
    });
    this.invocations.push(invocation as FakeStreamingInvocation<unknown>);
    try {
      (fn as (...a: unknown[]) => unknown)(...this.#args(meta, args), invocation);
    } catch (error) {
      // A thrown CustomFunctions.Error shows as itself (the documented way to report one, see
      // learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors); any other exception as a bare #VALUE!.
      invocation.setResult(isCustomFunctionsError(error) ? error : new CustomFunctionsError(ErrorCode.invalidValue));
    }
    return invocation;
  }

  /**
   * Calls a non-streaming function; an exception becomes a bare #VALUE!, as in Excel. The invocation object comes
   * last, as the CustomFunctions.Invocation reference's `@requiresAddress` sample receives it; `onCanceled` is
   * called if the cell goes away first (a `@cancelable` function uses it).
   */
  async call(id: string, args: readonly unknown[], invocation?: FakeStreamingInvocation<unknown>): Promise<unknown> {
    const { fn, meta } = this.#lookup(id);
    const extra = invocation ? [invocation] : [];
    try {
      return await (fn as (...a: unknown[]) => unknown)(...this.#args(meta, args), ...extra);
    } catch (error) {
      // Thrown CustomFunctions.Error: shown as itself (documented); anything else: a bare #VALUE!, as in Excel.
      return isCustomFunctionsError(error) ? error : new CustomFunctionsError(ErrorCode.invalidValue);
    }
  }

  /** A non-streaming call's invocation (address only when the metadata asks for it, as for streams). */
  invocationFor(id: string, context: InvocationContext = {}): FakeStreamingInvocation<unknown> {
    const { meta } = this.#lookup(id);
    return new FakeStreamingInvocation<unknown>({
      functionName: id.toUpperCase(),
      address: !meta || meta.options?.requiresAddress === true ? context.address : undefined,
      parameterAddresses:
        !meta || meta.options?.requiresParameterAddresses === true ? context.parameterAddresses : undefined,
      isInValuePreview: context.isInValuePreview,
    });
  }

  /** Cancels every live invocation (the workbook was closed). */
  cancelAll(): void {
    for (const invocation of this.invocations) invocation.cancel();
  }

  /** Invocations still showing values (not cancelled). */
  live(): FakeStreamingInvocation<unknown>[] {
    return this.invocations.filter((i) => !i.canceled);
  }
}

/** Puts the runtime's namespace on `scope.CustomFunctions`; returns the function that restores what was there. */
export function installCustomFunctions(runtime: FakeCustomFunctionsRuntime, scope: object = globalThis): () => void {
  const target = scope as { CustomFunctions?: unknown };
  const had = Object.prototype.hasOwnProperty.call(target, "CustomFunctions");
  const previous = target.CustomFunctions;
  target.CustomFunctions = runtime.namespace;
  return () => {
    if (had) target.CustomFunctions = previous;
    else delete target.CustomFunctions;
  };
}
