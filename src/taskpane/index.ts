/** Public surface of the task pane (the rest is internal): mount it, boot it, or drive its logic without a DOM. */

export { defaultPaneDeps } from "./boot";
export { InsertController } from "./logic/insert-controller";
export { refreshAll, refreshSummary, type RefreshAllResult, type RefreshAllDeps } from "./logic/refresh-all";
export { requestRibbonRefresh } from "./logic/ribbon-refresh";
