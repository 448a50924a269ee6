/**
 * An execute's body: the tiers it may name and the fields it may hold, and the one strict reading of it that prices
 * a run. The service's JSON reader skips a byte-order mark that `JSON.parse` refuses, so a body the gateway could not
 * read would be priced blind while the service ran it on the tier it names: a body is canonical only when it is
 * empty or plain JSON (UTF-8, no byte-order mark) of an object with known fields.
 */

/** The tiers: the cost model's, and `free`, the small tier's name in the real service's command-line client. */
export const PERFORMANCE_NAMES = ["small", "free", "medium", "large"] as const;
export type PerformanceName = (typeof PERFORMANCE_NAMES)[number];

/** The fields of a saved query's execute body (`POST /v1/query/{id}/execute`). */
export const EXECUTE_BODY_FIELDS = ["query_parameters", "performance"] as const;
/** The fields of a raw SQL execute's body (`POST /v1/sql/execute`, as the official clients send it). */
export const SQL_EXECUTE_BODY_FIELDS = ["sql", "performance"] as const;

/** An execute body as the gateway prices it, or why it is not canonical. */
export type ExecuteBodyReading = { ok: true; performance: PerformanceName | undefined } | { ok: false; reason: string };

/** Reads an execute body strictly: `fields` are the names it may hold. */
export function readExecuteBody(body: Buffer | undefined, fields: readonly string[]): ExecuteBodyReading {
  if (body === undefined || body.length === 0) return { ok: true, performance: undefined };
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    return { ok: false, reason: "the body starts with a byte-order mark: send plain UTF-8 JSON" };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return { ok: false, reason: "the body is not UTF-8 text" };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the body is not valid JSON" };
  }
  if (parsed === null) return { ok: true, performance: undefined };
  if (typeof parsed !== "object" || Array.isArray(parsed))
    return { ok: false, reason: "the body must be a JSON object" };
  const unknown = Object.keys(parsed).find((name) => !fields.includes(name));
  if (unknown !== undefined)
    return { ok: false, reason: `the body's field "${unknown.slice(0, 40)}" is not one of ${fields.join(", ")}` };
  const performance = (parsed as { performance?: unknown }).performance;
  if (performance === undefined) return { ok: true, performance: undefined };
  if (typeof performance === "string" && (PERFORMANCE_NAMES as readonly string[]).includes(performance)) {
    return { ok: true, performance: performance as PerformanceName };
  }
  return { ok: false, reason: `performance must be one of ${PERFORMANCE_NAMES.join(", ")}` };
}
