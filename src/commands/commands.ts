/**
 * Entry of the ribbon commands (webpack entry "commands"), in the shared runtime's page. Thin on purpose, so the
 * logic can be tested without Office: the handler lives in refresh-command.ts, and the pane (through its module's
 * public surface) asks and refreshes.
 */
import { reportUnexpected, sharedSessionReady } from "../session";
import { requestRibbonRefresh } from "../taskpane";
import { refreshAllCommand } from "./refresh-command";

/** The manifest's `<Action xsi:type="ExecuteFunction"><FunctionName>refreshAll</FunctionName>`. */
export const REFRESH_ALL_ACTION = "refreshAll";

export function registerCommands(): void {
  const refreshAll = refreshAllCommand({
    ready: sharedSessionReady,
    request: requestRibbonRefresh,
    showPane: () => Office.addin.showAsTaskpane(),
  });
  // Excel does not wait for an action's promise (the handler calls event.completed() itself, whatever happens).
  Office.actions.associate(REFRESH_ALL_ACTION, (event: Office.AddinCommands.Event) => {
    void refreshAll(event).catch(reportUnexpected("the ribbon's Refresh All"));
  });
}

if (typeof Office !== "undefined") {
  void Office.onReady(() => registerCommands()).catch(reportUnexpected("registering the ribbon commands"));
}
