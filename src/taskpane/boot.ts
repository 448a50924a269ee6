import { systemClock } from "../clock";
import { bindingAt, listBindings, officeRun, type SettingsLike } from "../excel";
import {
  describeSavedQuery,
  functionsRefreshPlan,
  recordQueryRun,
  refreshFunctionCells as refreshFunctions,
  resultSourceAt,
  setTableSourceLookup,
} from "../functions";
import { readResultSource } from "../service-cells";
import { sharedSession, sharedSessionReady } from "../session";
import type { PaneDeps } from "./logic/deps";
import { type OnOpenOutcome, runOnOpen } from "./logic/on-open";
import type { StartupBehaviorApi } from "./logic/open-behaviour";
import { functionsFileShown, functionsNotLoaded, functionsQueryReport } from "./functions-report";
import { officePlatform } from "./logic/csv-destination";
import { HISTORY_ITEM, userItem } from "./logic/user-item";
import { type MountedPane, mountTaskpane } from "./mount-taskpane";

/**
 * `Office.context.document.settings`, looked up at each call: the playground may swap its emulation in later.
 * `current` names the real object, so the pane and the functions (which use it directly) share one writer queue.
 */
export const documentSettings: SettingsLike = {
  get: (name) => Office.context.document.settings.get(name),
  set: (name, value) => Office.context.document.settings.set(name, value),
  remove: (name) => Office.context.document.settings.remove(name),
  saveAsync: (callback) =>
    Office.context.document.settings.saveAsync((result) => callback({ status: result.status, error: result.error })),
  refreshAsync: (callback) =>
    Office.context.document.settings.refreshAsync((result) => callback({ status: result.status, error: result.error })),
  current: () => Office.context.document.settings,
};

/** `Office.addin`'s startup behaviour, where the host has it (SharedRuntime 1.1), looked up at each call. */
function officeAddin(): StartupBehaviorApi | undefined {
  if (typeof Office === "undefined" || typeof Office.addin?.setStartupBehavior !== "function") return undefined;
  return {
    setStartupBehavior: (behavior) =>
      Office.addin.setStartupBehavior(behavior === "Load" ? Office.StartupBehavior.load : Office.StartupBehavior.none),
  };
}

/** The pane's dependencies in the add-in (and the playground): the shared session and the Office globals. */
export function defaultPaneDeps(): PaneDeps {
  return {
    session: sharedSession(),
    ready: sharedSessionReady(),
    run: officeRun,
    settings: documentSettings,
    historyItem: userItem(HISTORY_ITEM),
    clock: systemClock,
    refreshFunctions,
    refreshPlan: functionsRefreshPlan,
    resultSourceAt,
    recordQueryRun,
    describeQuery: describeSavedQuery,
    queryReport: functionsQueryReport,
    notLoaded: functionsNotLoaded,
    fileShown: functionsFileShown,
    addin: officeAddin(),
    platform: officePlatform,
  };
}

/** SERVICE.SOURCE finds inserted tables' sources in their bindings (the pane's knowledge, not the functions'). */
export function registerTableSources(settings: SettingsLike = documentSettings): void {
  setTableSourceLookup((sheet, row, column) =>
    readResultSource(bindingAt(listBindings(settings), sheet, row, column)?.source),
  );
}

const OPENED = Symbol.for("service-addin.on-open");

/**
 * The workbook's "when this workbook opens" choice, run once per shared runtime (the runtime starts with the
 * document when the choice asks for it; see open-behaviour.ts). Later calls return the first one's outcome.
 */
export function runOpenBehaviourOnce(deps: Partial<PaneDeps> = {}): Promise<OnOpenOutcome> {
  const scope = globalThis as { [OPENED]?: Promise<OnOpenOutcome> };
  scope[OPENED] ??= runOnOpen({ ...defaultPaneDeps(), ...deps });
  return scope[OPENED];
}

export interface BootOptions {
  /** Where to mount; default `#app` of the current document. */
  root?: HTMLElement;
  /** Replace any dependency (the playground passes its own `run`, settings or session). */
  deps?: Partial<PaneDeps>;
}

// One pane per root: a second boot on the same element (hot reload, playground re-run) replaces the first.
const mounted = new WeakMap<HTMLElement, MountedPane>();

/** Mounts the real pane; called by taskpane.ts on Office.onReady and by the playground with its own root. */
export function bootTaskpane(options: BootOptions = {}): MountedPane {
  const root = options.root ?? document.getElementById("app");
  if (!root) throw new Error('bootTaskpane: no root element (expected <div id="app"> or options.root)');
  mounted.get(root)?.unmount();
  const pane = mountTaskpane(root, { ...defaultPaneDeps(), ...options.deps });
  mounted.set(root, pane);
  return pane;
}
