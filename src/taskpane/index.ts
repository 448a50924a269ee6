/** Public surface of the task pane (DESIGN §4.1): mount it, boot it, or drive its logic without a DOM. */
export { mountTaskpane, type MountedPane, type PaneControllers } from "./mount-taskpane";
export { bootTaskpane, defaultPaneDeps, documentSettings, type BootOptions } from "./boot";
export { type PaneDeps, type PaneSession, type UserItem } from "./logic/deps";
export { Store } from "./logic/store";
export { SignInController, type SignInState, type KeyStatus } from "./logic/sign-in-controller";
export { checkKey, type KeyCheck, type KeyCheckResult } from "./logic/key-check";
export { RunController, type RunState, type RunRequest, type RunPhase } from "./logic/run-controller";
export { describeState, historyPatch } from "./logic/run-states";
export {
  InsertController,
  DEFAULT_INSERT_OPTIONS,
  type InsertOptions,
  type InsertState,
  type InsertPhase,
} from "./logic/insert-controller";
export { type InsertSource, type DatasetParams, bindingFor } from "./logic/insert-source";
export {
  DatasetPickerController,
  choiceRequest,
  type DatasetChoice,
  type DatasetPickerState,
} from "./logic/dataset-picker";
export { DATASET_CHOICES, datasetInfo, type DatasetInfo, type DatasetArg } from "./logic/dataset-catalog";
export { datasetFormula, formulaString, MAX_FORMULA_LENGTH, type DatasetFormulaInput } from "./logic/dataset-formula";
export { RefreshController, type RefreshState } from "./logic/refresh-controller";
export { refreshAll, refreshSummary, type RefreshAllResult, type RefreshAllDeps } from "./logic/refresh-all";
export {
  refreshBoundTables,
  rerunCost,
  type QueryRefreshMode,
  type RerunCost,
  type TableOutcome,
} from "./logic/refresh-tables";
export { HistoryController, type HistoryState } from "./logic/history-controller";
export { HistoryStore, HISTORY_LIMIT, type HistoryEntry } from "./logic/history-store";
export { UsageController, USAGE_SETTING, type UsageState, type WorkbookUsage } from "./logic/usage-controller";
export { ParameterRows, toQueryParameters, type ParameterRow } from "./logic/query-parameters";
export { creditsFor, tierLabel, PERFORMANCE_TIERS } from "./logic/credits";
export { collectCsv, csvFileName, saveCsv } from "./logic/csv-download";
export { paneMessage } from "./logic/messages";
export { HISTORY_ITEM, userItem } from "./logic/user-item";
