import { GatewayStoreUnavailableError } from "../errors";

/**
 * Which failures of the database mean "unavailable" (the relay's 503): the connection refused, cut or timed out,
 * the server shutting down or refusing connections, or out of connections. Anything else (a bug, a constraint) is
 * not turned into a 503: it stays the error it is.
 */
const NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  "ENETUNREACH",
]);
const SQL_STATES = new Set(["57P01", "57P02", "57P03", "53300", "53400", "57014"]);
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection error/i,
  /not queryable/i,
  /Query read timeout/i,
  /Cannot use a pool after calling end/i,
];

export function isUnavailable(error: unknown): boolean {
  if (error instanceof GatewayStoreUnavailableError) return true;
  // Not `instanceof Error`: errors made by Node's own modules may come from another realm (a test runner's sandbox).
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (NODE_CODES.has(code) || SQL_STATES.has(code) || code.startsWith("08"))) return true;
  return typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message));
}

/** A deadlock or a serialization failure: the transaction is safe to run again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
}

export function unavailable(error: unknown): GatewayStoreUnavailableError {
  if (error instanceof GatewayStoreUnavailableError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const reason = typeof code === "string" ? code : String(message);
  return new GatewayStoreUnavailableError(
    `The gateway's database is unavailable (${reason}); nothing was counted. Try again shortly.`,
    { cause: error },
  );
}
