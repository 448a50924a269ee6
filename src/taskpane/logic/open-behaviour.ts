import { writeSettings } from "../../document-settings";
import type { SettingsLike } from "../../excel";
import { OPEN_BEHAVIOUR_SETTING, type OpenBehaviour, readOpenBehaviour } from "../../functions";

// The setting, its values and how it is read live with the functions, which read it as the workbook opens.
export { OPEN_BEHAVIOUR_SETTING, type OpenBehaviour, readOpenBehaviour };

export const OPEN_BEHAVIOURS: readonly { value: OpenBehaviour; label: string }[] = [
  { value: "nothing", label: "Do nothing" },
  { value: "refresh", label: "Refresh every SERVICE cell within the daily budget" },
  { value: "rerun", label: "Refresh, and re-run stale queries, within the daily budget" },
];

/** `Office.addin` as far as the open behaviour uses it (SharedRuntime 1.1); the values are Office.StartupBehavior's. */
export interface StartupBehaviorApi {
  setStartupBehavior(behavior: "Load" | "None"): Promise<void>;
}

/**
 * Excel does not recalculate non-volatile functions when a workbook opens, and the add-in's runtime does not even
 * start until the pane or a function is used: "Load" asks Office to start the shared runtime with this document,
 * so the open behaviour can run; "None" (doing nothing) lets the document open without the add-in.
 */
export async function applyStartupBehaviour(
  addin: StartupBehaviorApi | undefined,
  choice: OpenBehaviour,
): Promise<void> {
  await addin?.setStartupBehavior(choice === "nothing" ? "None" : "Load");
}

/** Keeps the choice in the document and tells Office whether to load the add-in with it. */
export async function saveOpenBehaviour(
  settings: SettingsLike,
  addin: StartupBehaviorApi | undefined,
  choice: OpenBehaviour,
): Promise<void> {
  try {
    await writeSettings(settings, (bag) =>
      choice === "nothing" ? bag.remove(OPEN_BEHAVIOUR_SETTING) : bag.set(OPEN_BEHAVIOUR_SETTING, choice),
    );
  } catch (error) {
    throw new Error(`Could not save the setting in the workbook: ${error instanceof Error ? error.message : error}`);
  }
  try {
    await applyStartupBehaviour(addin, choice);
  } catch (error) {
    const why = error instanceof Error && error.message ? ` (${error.message})` : "";
    throw new Error(
      `The setting is saved, but Excel refused to load the add-in with this workbook${why}: it applies once the Service pane is opened.`,
    );
  }
}
