import {
  automaticBudget,
  fileShownCells,
  onFileShownChange,
  cancelAutomaticQueryRun,
  loadNotLoadedCells,
  notLoadedCells,
  onNotLoadedChange,
  heldRefreshes,
  noteQueryRun,
  onAutomaticBudgetChange,
  onAutomaticQueryRun,
  onHeldRefreshesChange,
  onQueryReportChange,
  queryReport,
  rerunStaleQueries,
  setAutomaticBudget,
} from "../functions";
import { loadCostText } from "../service-cells";
import type { NotLoadedSource } from "./logic/not-loaded-source";
import type { FileShownSource } from "./logic/file-shown-source";
import type { QueryReportSource } from "./logic/report-source";

/** The functions' side of the shared runtime, as the pane reaches it (the functions' public surface). */
export const functionsQueryReport: QueryReportSource = {
  rows: queryReport,
  onChange: onQueryReportChange,
  note: (request, note) => noteQueryRun(request.queryId, request.parameters, request.performance, note),
  cancelAutomatic: cancelAutomaticQueryRun,
  budget: automaticBudget,
  setBudget: setAutomaticBudget,
  onBudgetChange: onAutomaticBudgetChange,
  rerunStale: rerunStaleQueries,
  onAutomaticRun: onAutomaticQueryRun,
  held: heldRefreshes,
  onHeldChange: onHeldRefreshesChange,
};

/** The functions' cells that say their data is not loaded, as the pane lists them. */
export const functionsNotLoaded: NotLoadedSource = {
  rows: notLoadedCells,
  onChange: onNotLoadedChange,
  load: loadNotLoadedCells,
  cost: loadCostText,
};

/** The functions' cells showing the values the file held as it opened, as the pane tells their age. */
export const functionsFileShown: FileShownSource = { rows: fileShownCells, onChange: onFileShownChange };
