/** Public surface of the task pane (DESIGN §4.1): mount it, boot it, or drive its logic without a DOM. */

export { defaultPaneDeps } from "./boot";
export { InsertController } from "./logic/insert-controller";
export { refreshAll, refreshSummary, type RefreshAllResult, type RefreshAllDeps } from "./logic/refresh-all";
export { announceRibbonRefresh, automaticTableReads } from "./logic/ribbon-refresh";
