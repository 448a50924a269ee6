import type { PerformanceChoice } from "../../billing";
import {
  EXECUTE_BODY_FIELDS,
  SQL_EXECUTE_BODY_FIELDS,
  readExecuteBody,
  resultParamsProblem,
  type PerformanceName,
} from "../../canonical-params";
import type { ApiRoute } from "../api-routes";
import { RelayRefusal } from "../relay-errors";

/** The raw SQL execute: its body names the SQL instead of a saved query's parameters. */
const SQL_EXECUTE = "/v1/sql/execute";

/** A name or value as the caller wrote it, short enough to quote back. */
const quoted = (text: string) => (text.length > 64 ? `${text.slice(0, 61)}...` : text);

/**
 * A priced request's inputs, refused (400, before anything is held or sent) unless each is in the one form the
 * gateway and the service read alike: what the gateway priced is then what the service runs or returns. A read's
 * parameters: known names, whole numbers without leading zeros, flags `true` or `false`. An execute's body: empty,
 * or a JSON object of known fields in plain UTF-8. Returns the tier an execute names.
 */
export function canonicalInput(
  route: ApiRoute,
  query: ReadonlyMap<string, string>,
  body: Buffer | undefined,
): PerformanceChoice {
  if (route.kind === "read") {
    const problem = resultParamsProblem(query);
    if (problem) {
      throw new RelayRefusal(
        400,
        `${quoted(problem.name)} ${problem.reason}: the gateway prices a read only from parameters in their canonical form`,
      );
    }
  }
  if (route.kind !== "execute") return "auto";
  const fields = route.pattern === SQL_EXECUTE ? SQL_EXECUTE_BODY_FIELDS : EXECUTE_BODY_FIELDS;
  const reading = readExecuteBody(body, fields);
  if (!reading.ok) {
    throw new RelayRefusal(400, `${reading.reason}: the gateway prices an execution only from a body it can read`);
  }
  return choiceOf(reading.performance);
}

/** The tier a body names as the cost model prices it (`free` is the small tier's name on the wire). */
function choiceOf(name: PerformanceName | undefined): PerformanceChoice {
  if (name === undefined) return "auto";
  return name === "free" ? "small" : name;
}
