import { officeError } from "./errors";
import type { EmulatedContext, Op } from "./request-context";
import { utf8Bytes } from "./sync-stats";

let nextObjectId = 0;

/** `load()` accepts "a, b", ["a", "format/font/bold"], { select: "a,b" } or { a: true, format: { font: { bold: true } } }. */
export type LoadOption = string | string[] | { select?: string; expand?: string } | Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v !== null && typeof v === "object"
      ? flatten(v as Record<string, unknown>, `${prefix}${k}/`)
      : v
        ? [`${prefix}${k}`]
        : [],
  );
}

/** The property paths a `load()` option names (nested objects as "a/b"); undefined for a bare `load()`. */
export function loadPaths(option: LoadOption | undefined): string[] | undefined {
  if (option === undefined) return undefined;
  if (typeof option === "string")
    return option
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(option)) return option.flatMap((o) => loadPaths(o) ?? []);
  if (typeof option.select === "string") return loadPaths(option.select);
  return flatten(option);
}

export function propertyNotLoaded(name: string): Error {
  return officeError(
    "PropertyNotLoaded",
    `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );
}

/**
 * Base of every emulated proxy: properties are read from a local cache filled by `load()` + `sync()` (or by
 * the last local assignment, as Office.js does); reading anything else throws `PropertyNotLoaded`.
 */
export abstract class EmulatedObject {
  readonly _objectId = ++nextObjectId;
  protected readonly cache = new Map<string, unknown>();

  constructor(readonly context: EmulatedContext) {}

  /** Loadable scalar properties; `load()` with no argument loads them all. */
  protected abstract scalarProperties(): readonly string[];
  /** Current value of a scalar property, computed while the sync applies. */
  protected abstract readNow(name: string): unknown;
  /** Navigation properties that `load("format/font/bold")` descends into. */
  protected navigate(_name: string): EmulatedObject | undefined {
    return undefined;
  }

  /** True for a proxy bound to nothing (see ResolvedObject). */
  protected isNullRef(): boolean {
    return false;
  }

  protected read<T>(name: string): T {
    if (!this.cache.has(name)) throw propertyNotLoaded(name);
    return this.cache.get(name) as T;
  }

  protected queue(payload: Record<string, unknown>, apply: Op["apply"], result?: Op["result"]): void {
    this.context.enqueue({ payload: { ...payload, on: this._objectId }, apply, result });
  }

  /** Queues a property assignment; the local value is readable at once, like Office.js. */
  protected assign(name: string, value: unknown, apply: Op["apply"]): void {
    this.cache.set(name, value);
    this.queue({ set: name, value }, apply);
  }

  load(option?: LoadOption): this {
    const paths = loadPaths(option) ?? [...this.scalarProperties()];
    const direct: string[] = [];
    for (const path of paths) {
      const [head, ...rest] = path.split("/");
      if (rest.length > 0) {
        const child = this.navigate(head);
        if (!child) throw officeError("InvalidArgument", `Cannot load "${path}".`);
        child.load(rest.join("/"));
      } else if (this.navigate(head) && !this.scalarProperties().includes(head)) {
        this.navigate(head)?.load();
      } else direct.push(head);
    }
    if (direct.length === 0) return this;
    for (const name of direct) {
      if (!this.scalarProperties().includes(name))
        throw officeError("InvalidArgument", `Property "${name}" cannot be loaded.`);
    }
    let loaded: [string, unknown][] = [];
    this.queue(
      { load: direct },
      () => {
        // A null object (from …OrNullObject) loads fine; its properties read as null.
        loaded = direct.map((name) => [name, this.isNullRef() ? null : this.readNow(name)]);
      },
      {
        bytes: () => utf8Bytes(JSON.stringify(Object.fromEntries(loaded)) ?? ""),
        commit: () => loaded.forEach(([k, v]) => this.cache.set(k, v)),
      },
    );
    return this;
  }

  /** The loaded properties, like Office.js's toJSON. */
  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.cache);
  }

  /** Values of scalar properties now (collections use it to fill their items while a load applies). */
  _snapshot(names?: readonly string[]): [string, unknown][] {
    return (names ?? this.scalarProperties()).map((n) => [n, this.readNow(n)]);
  }

  _commit(entries: [string, unknown][]): void {
    for (const [k, v] of entries) this.cache.set(k, v);
  }

  track(): this {
    return this;
  }

  untrack(): this {
    return this;
  }
}

/** `ClientResult<T>` (from `getCount()` and similar): its value exists only after sync. */
export class EmulatedClientResult<T> {
  private set = false;
  private v: T | undefined;

  get value(): T {
    if (!this.set) throw propertyNotLoaded("value");
    return this.v as T;
  }

  resolve(v: T): void {
    this.v = v;
    this.set = true;
  }
}

/** Queues a method that returns a `ClientResult` computed at sync. */
export function clientResult<T>(
  owner: EmulatedObject,
  context: EmulatedContext,
  name: string,
  compute: () => T,
): EmulatedClientResult<T> {
  const result = new EmulatedClientResult<T>();
  let value: T;
  context.enqueue({
    payload: { call: name, on: owner._objectId },
    apply: () => {
      value = compute();
    },
    result: { bytes: () => utf8Bytes(JSON.stringify(value) ?? ""), commit: () => result.resolve(value) },
  });
  return result;
}
