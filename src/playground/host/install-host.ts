import { systemClock } from "../../clock";
import type { CellBlock } from "../../sheet";
import {
  createDatasetRoutesItem,
  createKeyStore,
  memorySettingsStore,
  Session,
  setSharedSession,
  userBillingItems,
} from "../../session";
import { BehaviourSettings } from "../behaviour/excel-behaviour";
import { storedBehaviour } from "../behaviour/read-behaviour";
import { FakeCustomFunctionsRuntime, installCustomFunctions, type FunctionsMetadata } from "../custom-functions";
import { FunctionCatalog } from "../function-cells/function-catalog";
import { FunctionCells } from "../function-cells/function-cells";
import { ValuePreview } from "../function-cells/value-preview";
import { createWorkbook, type ChangeEvent, type ExcelRunLike, type PlaygroundWorkbook } from "../workbook";
import { storedAutoSave } from "./auto-save-choice";
import { calculateFull, calculateNow } from "./calculation";
import { IdbFileStore } from "./file-store";
import { OfficeActions } from "./office-actions";
import { FUNCTIONS_NAMESPACE, type PlaygroundConfig } from "./page-config";
import { PersistentRuntimeStorage } from "./persistent-storage";
import { SessionChannel } from "./session-channel";
import { pageFileConverter, type FileConverter } from "./file-converter";
import { StorageBudget } from "./storage-budget";
import { LEGACY_ITEM, WorkbookFile } from "./workbook-file";
import { STARTUP_BEHAVIOR, StartupBehaviorEmulation } from "./startup-behavior";

/** The database in which the add-in keeps results between sessions (the playground forgets it with ?reset=1). */
export const ADDIN_RESULT_DATABASE = "service-addin.results";

/** Everything the playground page runs on: the emulated host and the hooks the UI needs. */
export interface PlaygroundHost {
  workbook: PlaygroundWorkbook;
  functions: FunctionCells;
  runtime: FakeCustomFunctionsRuntime;
  actions: OfficeActions;
  /** `Office.addin.setStartupBehavior`'s emulation: what the workbook asked for its next opening. */
  startupBehavior: StartupBehaviorEmulation;
  session: Session;
  /** The workbook kept across page reloads, like a file (IndexedDB), saved by AutoSave or File → Save. */
  file: WorkbookFile;
  /** How the emulated Excel behaves where builds differ (File → Options, URL parameters). */
  behaviour: BehaviourSettings;
  /** File → Open's and Download's conversions (in the page's file worker unless `fileworker=off`). */
  converter: FileConverter;
  /** The other tabs with this workbook open. */
  sessions: SessionChannel;
  /** Formula value preview while a formula is typed (where ExcelBehaviour.valuePreview is on). */
  preview: ValuePreview;
  /** Formulas → Calculate Now (F9): custom functions are not run again. */
  calculateNow(): void;
  /** Formulas → Calculate Full (Ctrl+Alt+F9): every formula, custom functions run again. */
  calculateFull(): void;
  /** The calculation Excel does when a workbook opens; call once the add-in's functions are registered. */
  opened(): void;
  /** `Excel.run` as installed: the workbook's, telling the UI when each batch ends (a sheet may be activated). */
  run: ExcelRunLike;
  onBatchEnd(listener: () => void): () => void;
  /** `Office.addin.showAsTaskpane()` as the add-in called it: the page shows its pane if the user had hidden it. */
  onShowTaskpane(listener: () => void): () => void;
}

/**
 * Installs the emulated `Office`, `Excel`, `OfficeRuntime` and `CustomFunctions` globals and the shared session,
 * BEFORE any add-in bundle runs: the bundles find them exactly where they find Excel's.
 */
export async function installHost(
  config: PlaygroundConfig,
  metadata: FunctionsMetadata,
  scope: Window = window,
): Promise<PlaygroundHost> {
  const local = scope.localStorage;
  const behaviour = new BehaviourSettings({ ...storedBehaviour(local), ...config.behaviour });
  const runtime = new FakeCustomFunctionsRuntime(metadata);
  const catalog = new FunctionCatalog(metadata, FUNCTIONS_NAMESPACE);
  const functions = new FunctionCells({ runtime, catalog, behaviour: () => behaviour.current });
  const sessions = SessionChannel.forPage(scope);
  const file = new WorkbookFile(await IdbFileStore.open(scope.indexedDB), {
    autoSave: config.autoSave ?? storedAutoSave(local),
    clock: systemClock,
    budget: StorageBudget.forPage(scope),
    sessions,
  });
  if (config.reset) {
    await file.forget();
    local.removeItem(LEGACY_ITEM);
    // The add-in's kept results (a first visit has none); the name is the add-in's, held equal by a test.
    scope.indexedDB.deleteDatabase(ADDIN_RESULT_DATABASE);
  }
  const workbook = createWorkbook({
    sheets: config.sheets,
    evaluateFormula: functions.hook,
    isExternalFunction: (name) => catalog.inNamespace(name),
    externalFunctionNames: () => functions.registeredNames(),
    externalSpill: (sheet, row, column) => functions.ownerOf(sheet, row, column)?.spilled?.block,
    document: await file.open(local),
    onSettingsSaved: () => file.settingsSaved(),
    fileSettings: () => file.fileSettings(),
    settingsUnsaved: () => file.settingsUnsaved,
    spills: () => functions.spills(),
    onFullCalculation: () => functions.fullCalculation(),
  });
  file.attach(() => workbook.saveParts());
  workbook.onChange((event) => file.changed(cellsIn(event), whereIn(event)));
  // Leaving the page (a reload, closing the tab) is the file's close: AutoSave writes what is not written yet;
  // without AutoSave the browser asks first, as Excel asks to save changes.
  scope.addEventListener("pagehide", () => {
    if (file.autoSave && file.status.unsaved) void file.save();
    sessions.close();
  });
  scope.addEventListener("beforeunload", (event) => {
    if (file.autoSave || !file.status.unsaved) return;
    event.preventDefault();
    event.returnValue = "";
  });
  // Another tab saved the workbook with other settings: a co-author's change (fires on Excel on the web only).
  sessions.onSaved((message) => {
    if (message.settingsChanged) workbook.Office.context.document.settings.settingsChangedElsewhere();
  });
  sessions.announce();
  functions.attach(workbook);
  const actions = new OfficeActions();
  const startupBehavior = new StartupBehaviorEmulation();
  const storage = new PersistentRuntimeStorage(scope.localStorage);
  if (config.reset) storage.clear();

  const batchListeners = new Set<() => void>();
  const runAny = async (batch: (context: Excel.RequestContext) => Promise<unknown>): Promise<unknown> => {
    try {
      return await workbook.run(batch);
    } finally {
      for (const listener of [...batchListeners]) listener();
    }
  };
  const run = runAny as ExcelRunLike;

  const showListeners = new Set<() => void>();
  const globals = scope as unknown as Record<string, unknown>;
  globals.Excel = { ...workbook.Excel, run };
  globals.Office = {
    ...workbook.Office,
    actions: { associate: (id: string, fn: Parameters<OfficeActions["associate"]>[1]) => actions.associate(id, fn) },
    StartupBehavior: STARTUP_BEHAVIOR,
    // The pane is always shown beside the grid; the add-in may ask to show or hide it.
    addin: {
      // Excel shows the add-in's task pane (learn.microsoft.com/office/dev/add-ins/develop/show-hide-add-in).
      showAsTaskpane: async () => {
        for (const listener of [...showListeners]) listener();
      },
      hide: async () => undefined,
      onVisibilityModeChanged: async () => () => undefined,
      setStartupBehavior: (behavior: unknown) => startupBehavior.set(behavior),
      getStartupBehavior: () => startupBehavior.get(),
    },
  };
  globals.OfficeRuntime = { storage };
  installCustomFunctions(runtime, scope);

  // The service address is the local service this page was served with, whatever a previous visit stored.
  const session = new Session({
    keyStore: createKeyStore(),
    settingsStore: memorySettingsStore({ baseUrl: config.serviceUrl }),
    defaultBaseUrl: config.serviceUrl,
    datasetRoutesItem: createDatasetRoutesItem(),
    // The user's plan, costs and spending, kept in the page's OfficeRuntime.storage as the add-in keeps them.
    ...userBillingItems(),
  });
  setSharedSession(session);

  return {
    workbook,
    functions,
    runtime,
    actions,
    startupBehavior,
    session,
    file,
    converter: pageFileConverter(config.fileWorker),
    behaviour,
    sessions,
    preview: new ValuePreview(runtime, catalog, workbook, () => behaviour.current),
    calculateNow: () => calculateNow(workbook),
    calculateFull: () => calculateFull(workbook),
    opened: () => calculateNow(workbook),
    run,
    onBatchEnd(listener) {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
    onShowTaskpane(listener) {
      showListeners.add(listener);
      return () => showListeners.delete(listener);
    },
  };
}

/** How many cells a change covered (0 for a structural change), for the storage estimate. */
/** What the file's next save must serialise again: the changed cells' block, or the whole sheet (its structure). */
function whereIn(event: ChangeEvent): { sheet: string; block: CellBlock | null } {
  return { sheet: event.sheet, block: event.kind === "structure" ? null : event.block };
}

function cellsIn(event: ChangeEvent): number {
  return event.block ? event.block.rowCount * event.block.columnCount : 0;
}
