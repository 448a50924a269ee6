/** The part of `Office.AddinCommands.Event` a command uses. */
export interface CommandEvent {
  completed(options?: { allowEvent?: boolean }): void;
}

export interface RefreshCommandOptions {
  /** Awaited first: the stored key must be read before the pane prices anything. */
  ready?: () => Promise<unknown>;
  /** Tells the pane (open or opening) that Refresh All was asked for. */
  request: () => void;
  /**
   * Shows the task pane: `Office.addin.showAsTaskpane()` in the shared runtime
   * (learn.microsoft.com/office/dev/add-ins/develop/show-hide-add-in).
   */
  showPane: () => Promise<void>;
}

/**
 * The ribbon's Refresh All. A click on a button named Refresh All is the user choosing to refresh, but a command
 * cannot show a price and ask, and keeping to the automatic budget would refresh nothing in a workbook without one
 * while saying it was done. So the command opens the pane and asks it for Refresh All: the pane lists what would be
 * read, priced, and refreshes when the user confirms. The request is made before the pane is shown, so a pane that is
 * only now opening takes it up as it mounts. `event.completed()` is always called, or Excel keeps the button busy.
 */
export function refreshAllCommand(options: RefreshCommandOptions): (event: CommandEvent) => Promise<void> {
  return async (event) => {
    try {
      await options.ready?.();
      options.request();
      await options.showPane();
    } catch {
      // A pane that cannot be shown from here (an older host): the request waits for the pane the user opens.
    } finally {
      event.completed();
    }
  };
}
