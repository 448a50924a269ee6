import { type RefreshAllDeps, type RefreshAllResult, automaticTableReads, refreshAll } from "../taskpane";

/** The part of `Office.AddinCommands.Event` a command uses. */
export interface CommandEvent {
  completed(options?: { allowEvent?: boolean }): void;
}

export interface RefreshCommandOptions {
  /** Awaited first: the stored key must be read before any cell or table asks the service. */
  ready?: () => Promise<unknown>;
  /** Receives the outcome (the pane shows it if open). */
  onDone?: (result: RefreshAllResult) => void;
  /** How tables are held to the automatic budget; default the workbook's own (the functions' budget). */
  automatic?: typeof automaticTableReads;
}

/**
 * The ribbon's Refresh All: the same orchestration as the pane's button, SERVICE.* cells then bound tables. A ribbon
 * click cannot show the cost and ask, so it spends only within the workbook's daily automatic budget, like any
 * automatic refresh: cells and tables that fit are refreshed at their last size, the others are held (cells keep
 * their values and say why) or skipped, and the outcome says which. Query-bound tables take their latest stored
 * result, never a new run. `event.completed()` is always called, or Excel keeps the button busy.
 */
export function refreshAllCommand(
  deps: () => RefreshAllDeps,
  options: RefreshCommandOptions = {},
): (event: CommandEvent) => Promise<void> {
  return async (event) => {
    try {
      await options.ready?.();
      const result = await refreshAll(deps(), { mode: "latest", automatic: options.automatic ?? automaticTableReads });
      options.onDone?.(result);
    } catch {
      // refreshAll reports failures in its result; this only guards deps() and ready().
    } finally {
      event.completed();
    }
  };
}
