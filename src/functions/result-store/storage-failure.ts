import { asError, isQuotaError } from "../../indexed-db";

/** The failure in words for `lastError` and the cases docs/reports.md names: full storage, or what the browser said. */
export function storageFailure(error: unknown): string {
  const e = asError(error);
  const name = (error as { name?: unknown } | null)?.name;
  if (isQuotaError(error))
    return "The browser's storage for the add-in is full: results are not kept for the next opening.";
  return `The browser's storage refused a write (${typeof name === "string" ? name : e.name}: ${e.message}).`;
}
