import { systemClock } from "../clock";
import { sharedSession, sharedSessionReady } from "../session";
import { openResultStore } from "./result-store";
import { FunctionsRuntime } from "./runtime";

// Symbol.for: one runtime even if the functions, pane and commands bundles each carry a copy of this module.
const SLOT = Symbol.for("service-addin.functions-runtime");

/** The runtime behind every SERVICE cell of this Excel session, on the shared session. */
export function functionsRuntime(): FunctionsRuntime {
  const scope = globalThis as { [SLOT]?: FunctionsRuntime };
  scope[SLOT] ??= new FunctionsRuntime({
    session: sharedSession(),
    ready: sharedSessionReady(),
    // The workbook's remembered runs live in the document (Office's settings), so they travel with the file.
    runSettings: () =>
      typeof Office !== "undefined" && Office.context?.document?.settings
        ? Office.context.document.settings
        : undefined,
    // Results kept between sessions in the runtime's IndexedDB (memory, with the reason, where it cannot be used).
    resultStore: openResultStore({ now: () => systemClock.now(), timers: systemClock }),
  });
  return scope[SLOT];
}

/** The runtime if one was made (nothing is started for a caller that only has news for it). */
export function currentFunctionsRuntime(): FunctionsRuntime | undefined {
  return (globalThis as { [SLOT]?: FunctionsRuntime })[SLOT];
}

/** Tests and the playground install their own runtime (undefined disposes and removes the current one). */
export function setFunctionsRuntime(runtime: FunctionsRuntime | undefined): void {
  const scope = globalThis as { [SLOT]?: FunctionsRuntime };
  if (scope[SLOT] && scope[SLOT] !== runtime) scope[SLOT].dispose();
  if (runtime === undefined) delete scope[SLOT];
  else scope[SLOT] = runtime;
}
