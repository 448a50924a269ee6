import { type RefreshAllDeps, type RefreshAllResult, refreshAll } from "../taskpane";

/** The part of `Office.AddinCommands.Event` a command uses. */
export interface CommandEvent {
  completed(options?: { allowEvent?: boolean }): void;
}

export interface RefreshCommandOptions {
  /** Awaited first: the stored key must be read before any cell or table asks the service. */
  ready?: () => Promise<unknown>;
  /** Receives the outcome (the pane shows it if open). */
  onDone?: (result: RefreshAllResult) => void;
}

/**
 * The ribbon's Refresh All: the same orchestration as the pane's button, SERVICE.* cells then bound tables.
 * Query-bound tables take their latest stored result: a ribbon click cannot show the cost and ask, so it never
 * spends credits (re-running is the pane's, after a confirmation). `event.completed()` is always called,
 * or Excel keeps the button busy.
 */
export function refreshAllCommand(
  deps: () => RefreshAllDeps,
  options: RefreshCommandOptions = {},
): (event: CommandEvent) => Promise<void> {
  return async (event) => {
    try {
      await options.ready?.();
      const result = await refreshAll(deps(), { mode: "latest" });
      options.onDone?.(result);
    } catch {
      // refreshAll reports failures in its result; this only guards deps() and ready().
    } finally {
      event.completed();
    }
  };
}
