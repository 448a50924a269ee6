import {
  cancelAutomaticQueryRun,
  noteQueryRun,
  onAutomaticQueryRun,
  onQueryReportChange,
  queryBudget,
  queryReport,
  rerunStaleQueries,
  setQueryBudget,
} from "../functions";
import type { QueryReportSource } from "./logic/report-source";

/** The functions' SERVICE.QUERY side of the shared runtime, as the pane reaches it (the functions' public surface). */
export const functionsQueryReport: QueryReportSource = {
  rows: queryReport,
  onChange: onQueryReportChange,
  note: (request, note) => noteQueryRun(request.queryId, request.parameters, request.performance, note),
  cancelAutomatic: cancelAutomaticQueryRun,
  budget: queryBudget,
  setBudget: setQueryBudget,
  rerunStale: rerunStaleQueries,
  onAutomaticRun: onAutomaticQueryRun,
};
