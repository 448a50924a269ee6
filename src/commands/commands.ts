/**
 * Entry of the ribbon commands (webpack entry "commands"), in the shared runtime's page. Thin on purpose
 * (DESIGN §4.11): the handler lives in refresh-command.ts and the orchestration, shared with the pane's button, comes
 * through the pane module's public surface.
 */
import { sharedSessionReady } from "../session";
import { defaultPaneDeps } from "../taskpane";
import { refreshAllCommand } from "./refresh-command";

/** The manifest's `<Action xsi:type="ExecuteFunction"><FunctionName>refreshAll</FunctionName>`. */
export const REFRESH_ALL_ACTION = "refreshAll";

export function registerCommands(): void {
  const refresh = refreshAllCommand(defaultPaneDeps, { ready: sharedSessionReady });
  // Excel ignores a handler's result; the command never rejects and always calls event.completed().
  Office.actions.associate(REFRESH_ALL_ACTION, (event: Office.AddinCommands.Event) => void refresh(event));
}

if (typeof Office !== "undefined") {
  void Office.onReady(() => registerCommands());
}
