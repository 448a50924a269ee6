/**
 * The SERVICE cell model, Office-free (the add-in's functions and the headless refresh of a workbook file share it):
 * the canonical request a cell makes from its arguments and options, how its rows become cell values (spill, spill
 * limit, notes), where a result came from (provenance, source text), the remembered runs of saved queries and their
 * freshness, the workbook's refresh times, fetching one table, and what a cell shows for a failure.
 */
export { readArguments } from "./arguments";
export { cellFailure } from "./cell-error";
export { type DocumentSettings, DocumentSettingsSource, DocumentValue } from "./document-value";
export { type FetchOutcome, fetchTable, type ReadContext } from "./fetch-table";
export {
  estimateRead,
  isNotLoadedError,
  loadCostText,
  NotLoadedCells,
  NotLoadedError,
  type NotLoadedRow,
  OPENED_WITHOUT_DATA,
  requestLabel,
} from "./not-loaded";
export { noResultForInputsText } from "./no-result";
export { booleanValue } from "./option-values";
export { type CellRequestOptions, defaultCellOptions, type OptionsFunction } from "./options";
export {
  describeBound,
  describeFileValues,
  describeRead,
  NO_ADDRESS_MESSAGE,
  readResultSource,
  type HeldSource,
  type ResultSource,
  sourceOf,
  sourceText,
  storedSource,
} from "./provenance";
export { freshness } from "./query-freshness";
export { queryPagePattern } from "./query-page";
export { type QueryCell, readQueryCell, withDeclaration } from "./query-request";
export {
  type QueryRun,
  queryRunKey,
  QueryRuns,
  recordRuns,
  rememberedRun,
  RUN_RETENTION_MS,
  type RunSettings,
} from "./query-runs";
export {
  QUERY_TIMES,
  type QueryResultTime,
  readRefreshTimes,
  recordRefreshTimes,
  type RefreshTimes,
  REQUEST_TIMES,
  type ResultTime,
} from "./refresh-times";
export { type CachedTable, renderSpill } from "./render";
export { type CanonicalRequest, datasetRequest, readKeyOf, resultsRequest, tableReadKey } from "./request";
export { errorsInSpillsSupported, refreshFailedText, withFailureNote, withSourceNote } from "./source-note";
export { DEFAULT_SPILL_LIMIT_BYTES, isSpillTooLargeError, roughValueBytes } from "./spill-limit";
export { formatDuration, formatStatus } from "./status-format";
export { DEFAULT_TIER, TIER_CHOICES, tierCostText, tierCredits, tierLabel, tierOf } from "./tiers";
