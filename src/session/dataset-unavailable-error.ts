import { ServiceError, serviceErrorGuard, shorten } from "../client";

/** A dataset whose endpoint is gone and whose saved queries could not stand in for it either. */
export class DatasetUnavailableError extends ServiceError {
  static override readonly kind: string = "DatasetUnavailableError";
  constructor(init: { path: string; queryIds: readonly number[]; reason: string; cause?: unknown }) {
    const message =
      `The dataset's endpoint ${init.path} is gone (404) and its saved quer${init.queryIds.length === 1 ? "y" : "ies"} ` +
      `(${init.queryIds.join(", ")}) could not stand in for it: ${init.reason}`;
    super({ code: "DATASET_UNAVAILABLE", message, userMessage: shorten(message, 240), cause: init.cause });
  }
}

export const isDatasetUnavailableError = serviceErrorGuard(DatasetUnavailableError);
