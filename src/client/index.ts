/** The client's public surface (DESIGN §4.1): everything else under src/client is internal. */
export { ServiceClient } from "./service-client";
export type { ServiceClientOptions } from "./client-options";
export type { ClientClock } from "./clock";
export { systemClock } from "./clock";
export type { FetchLike } from "./http/request";
export type { RetryOptions } from "./http/retry";
export type { CallOptions, ExecuteOptions, PagingParams, ResultParams } from "./params";
export { SHARED_PARAM_KEYS, canonicalParams } from "./params";
export type { RunOptions, RunProgress, RunResult } from "./polling/run";
export type { PollOptions } from "./polling/backoff";
export { TERMINAL_STATES, isCancelledState, isTerminal } from "./polling/states";
export { DEX_CHAINS, MARKETS, MARKETSHARE_CHAINS } from "./catalog/chains";
export {
  DATASET_CATALOG,
  DATASET_NAMES,
  type DatasetArg,
  type DatasetEntry,
  type DatasetName,
  type DatasetNameOrAlias,
} from "./catalog/datasets";
export type { CatalogColumn, CatalogColumnType } from "./catalog/columns";
export { datasetEntry, datasetPath, scheduleForPath } from "./catalog/lookup";
export { nextRefreshAt, scheduleText, type RefreshSchedule } from "./catalog/schedule";
export { MAX_DATAPOINTS_PER_REQUEST, rowsPerPage } from "./paging/plan";
export { parseCsvPage, type ParsedCsv } from "./csv/parse-csv";
export { typeField } from "./csv/typing";
export { ServiceError, shorten } from "./errors/service-error";
export {
  BadRequestError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from "./errors/http-errors";
export { ExecutionFailedError, ExecutionPendingError, PartialResultError } from "./errors/execution-errors";
export {
  CancelledError,
  InvalidArgumentError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
} from "./errors/local-errors";
export * from "./errors/guards";
export type * from "./types";
