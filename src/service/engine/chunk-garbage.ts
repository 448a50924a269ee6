import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Collect = (options: { type: "minor"; execution: "sync" }) => void;
let collector: Collect | undefined | null = null;

/**
 * Frees the native memory of data chunks already passed on. Each chunk read from DuckDB holds its vectors (hundreds of
 * KB) until V8 collects its small JS wrapper, and V8 does not count that memory: while a large result moves from the
 * sandbox to the writer, nothing else allocates enough to prompt a collection, so the process grew by the whole
 * result (measured, 4,000,000 rows × 10 columns: RSS peak 807 MB without, 450 MB with a minor collection every 64
 * chunks, which took 25 ms in all). A minor (young-generation) collection is enough: the wrappers die young.
 */
export function collectChunkGarbage(): void {
  if (collector === null) collector = exposeCollector();
  collector?.({ type: "minor", execution: "sync" });
}

/** V8's `gc` function, made visible for a moment in a context of our own (or the one `--expose-gc` gives). */
function exposeCollector(): Collect | undefined {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === "function") return exposed;
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as Collect;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}
