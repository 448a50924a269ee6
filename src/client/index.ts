/** The client's public surface (DESIGN §4.1): everything else under src/client is internal. */
export { ServiceClient } from "./service-client";
export type { ServiceClientOptions } from "./client-options";
export type { ClientClock } from "./clock";
export { systemClock } from "./clock";
export type { FetchLike } from "./http/request";
export type { RetryOptions } from "./http/retry";
export type { CallOptions, ExecuteOptions, PagingParams, ResultParams } from "./params";
export type { RunOptions, RunProgress, RunResult } from "./polling/run";
export type { PollOptions } from "./polling/backoff";
export { TERMINAL_STATES, isCancelledState, isTerminal } from "./polling/states";
export {
  DATASET_NAMES,
  DEX_CHAINS,
  MARKETS,
  MARKETSHARE_CHAINS,
  datasetPath,
  type DatasetName,
  type DatasetNameOrAlias,
  type DexChain,
  type Market,
  type MarketshareChain,
} from "./datasets";
export { MAX_DATAPOINTS_PER_REQUEST, rowsPerPage } from "./paging/plan";
export { parseCsvPage, type ParsedCsv } from "./csv/parse-csv";
export { typeField } from "./csv/typing";
export { ServiceError } from "./errors/service-error";
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
