/** The client's public surface: everything else under src/client is internal. */
export { ServiceClient } from "./service-client";
export type { ServiceClientOptions } from "./client-options";
export type { FetchLike } from "./http/request";
export type { ClientObserver, ExecutionRecord, ReadRecord } from "./observer";
export { apiRootPath } from "./http/api-root";
export type { LatestOptions, PagingParams, ResultParams } from "./params";
export { collectTable, type CollectTableOptions, type TableByteCap, type TableCapProgress } from "./paging/table";
export { SHARED_PARAM_KEYS, canonicalParams } from "./params";
export type { RunProgress } from "./polling/run";
export { isTerminal } from "./polling/states";
export { knownTime } from "./responses/normalize";
export { type InflightLimit, inflightLimitOf } from "./responses/inflight";
export type { QueryParameterType, SavedQuery, SavedQueryParameter } from "./responses/saved-query";
export type { BillingPeriod, Usage, UsageOptions } from "./responses/usage";
export type {
  CreatedUpload,
  InsertResult,
  UploadColumnSpec,
  UploadColumnType,
  UploadList,
  UploadedTable,
} from "./responses/uploads";
export { UPLOAD_COLUMN_TYPES } from "./responses/uploads";
export type { CreateUploadOptions, ListUploadsOptions, RowsInput, SqlOptions } from "./sql-uploads";
export { DATASET_CATALOG, DATASET_NAMES, type DatasetArg, type DatasetName } from "./catalog/datasets";
export { datasetEntry, datasetPath, scheduleForPath } from "./catalog/lookup";
export { type DatasetFallback, combineFilters, datasetFallback, resultMatchesDataset } from "./catalog/fallback";
export { nextRefreshAt, scheduleText } from "./catalog/schedule";
export { ServiceError, shorten } from "./errors/service-error";
export {
  BadRequestError,
  CreditLimitError,
  ForbiddenError,
  NoResultError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from "./errors/http-errors";
export { ExecutionFailedError, ExecutionPendingError, PartialResultError } from "./errors/execution-errors";
export { RedirectError } from "./errors/redirect";
export {
  CancelledError,
  InvalidArgumentError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
} from "./errors/local-errors";
export * from "./errors/guards";
export type * from "./types";
export { TIER_WIRE_NAMES } from "./performance";
export { LARGE_PAGE_BYTES } from "./paging/plan";
