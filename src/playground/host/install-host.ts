import { createDatasetRoutesItem, createKeyStore, memorySettingsStore, Session, setSharedSession } from "../../session";
import { FakeCustomFunctionsRuntime, installCustomFunctions, type FunctionsMetadata } from "../custom-functions";
import { FunctionCatalog } from "../function-cells/function-catalog";
import { FunctionCells } from "../function-cells/function-cells";
import { createWorkbook, type ExcelRunLike, type PlaygroundWorkbook } from "../workbook";
import { OfficeActions } from "./office-actions";
import { FUNCTIONS_NAMESPACE, type PlaygroundConfig } from "./page-config";
import { PersistentRuntimeStorage } from "./persistent-storage";
import { WorkbookFile } from "./workbook-file";
import { STARTUP_BEHAVIOR, StartupBehaviorEmulation } from "./startup-behavior";

/** Everything the playground page runs on: the emulated host and the hooks the UI needs. */
export interface PlaygroundHost {
  workbook: PlaygroundWorkbook;
  functions: FunctionCells;
  runtime: FakeCustomFunctionsRuntime;
  actions: OfficeActions;
  /** `Office.addin.setStartupBehavior`'s emulation: what the workbook asked for its next opening. */
  startupBehavior: StartupBehaviorEmulation;
  session: Session;
  /** The workbook kept across page reloads, like a file. */
  file: WorkbookFile;
  /** `Excel.run` as installed: the workbook's, telling the UI when each batch ends (a sheet may be activated). */
  run: ExcelRunLike;
  onBatchEnd(listener: () => void): () => void;
}

/**
 * Installs the emulated `Office`, `Excel`, `OfficeRuntime` and `CustomFunctions` globals and the shared session,
 * BEFORE any add-in bundle runs: the bundles find them exactly where they find Excel's.
 */
export function installHost(
  config: PlaygroundConfig,
  metadata: FunctionsMetadata,
  scope: Window = window,
): PlaygroundHost {
  const runtime = new FakeCustomFunctionsRuntime(metadata);
  const functions = new FunctionCells({ runtime, catalog: new FunctionCatalog(metadata, FUNCTIONS_NAMESPACE) });
  const file = new WorkbookFile(scope.localStorage);
  if (config.reset) file.forget();
  const workbook = createWorkbook({
    sheets: config.sheets,
    evaluateFormula: functions.hook,
    document: file.load(),
    onSettingsSaved: () => file.saveSoon(),
    spills: () => functions.spills(),
  });
  file.attach(() => workbook.saveDocument());
  workbook.onChange(() => file.saveSoon());
  // Leaving the page (a reload, closing the tab) writes what is not written yet.
  scope.addEventListener("pagehide", () => file.saveNow());
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

  const globals = scope as unknown as Record<string, unknown>;
  globals.Excel = { ...workbook.Excel, run };
  globals.Office = {
    ...workbook.Office,
    actions: { associate: (id: string, fn: Parameters<OfficeActions["associate"]>[1]) => actions.associate(id, fn) },
    StartupBehavior: STARTUP_BEHAVIOR,
    // The pane is always shown beside the grid; the add-in may ask to show or hide it.
    addin: {
      showAsTaskpane: async () => undefined,
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
    run,
    onBatchEnd(listener) {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
  };
}
