import {
  BadRequestError,
  CancelledError,
  ExecutionFailedError,
  ExecutionPendingError,
  ForbiddenError,
  InvalidArgumentError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  PartialResultError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from "../../src/client";
import { SpillTooLargeError } from "../../src/service-cells/spill-limit";
import { cellFailure } from "../../src/service-cells/cell-error";
import { NotSignedInError } from "../../src/session";
import { SheetLimitError } from "../../src/sheet";

const at = { method: "GET", path: "/v1/execution/X/results" };

/** Every failure a SERVICE cell can show: #VALUE! when the user must change something, #N/A when data is unavailable. */
describe("errors in the cell", () => {
  it.each([
    [
      "not signed in",
      new NotSignedInError(),
      "invalidValue",
      /^Sign in from the Service task pane to use SERVICE functions$/,
    ],
    [
      "invalid key",
      new UnauthorizedError({ ...at, status: 401 }),
      "invalidValue",
      /^Invalid API key: sign in again from the Service task pane\.$/,
    ],
    ["key without access", new ForbiddenError({ ...at, status: 403 }), "invalidValue", /may not read that/],
    [
      "unknown dataset (listing)",
      new InvalidArgumentError('Unknown dataset "x"; allowed: avs, operators'),
      "invalidValue",
      /Unknown dataset "x"; allowed: avs, operators/,
    ],
    [
      "bad filter: the server's message with its position",
      new BadRequestError({
        ...at,
        status: 400,
        serverMessage: 'filters: unknown column "tokn" at position 0; columns are: token_pair',
      }),
      "invalidValue",
      /^filters: unknown column "tokn" at position 0; columns are: token_pair$/,
    ],
    [
      "partial result: how to allow it",
      new PartialResultError({ ...at, status: 400 }),
      "invalidValue",
      /Add "allow_partial_results=true"/,
    ],
    [
      "too large to spill",
      new SpillTooLargeError({ rows: 10, columns: 2, bytes: 3e6, limitBytes: 2e6 }),
      "invalidValue",
      /insert it as a table from the Service task pane/,
    ],
    [
      "too many rows for a sheet",
      new SheetLimitError("rows", 2e6, 1048576, "This result has 2,000,000 rows"),
      "invalidValue",
      /2,000,000 rows/,
    ],
    [
      "rate limited",
      new RateLimitedError({ ...at, status: 429, retryAfterMs: 12_000 }),
      "notAvailable",
      /^Rate limited by the service\. Too many requests; try again in 12 s\.$/,
    ],
    [
      "network trouble",
      new NetworkError({ ...at, transient: true, networkCode: "ECONNREFUSED" }),
      "notAvailable",
      /^Cannot reach the service; check the connection and the service address\.$/,
    ],
    ["timeout", new TimeoutError({ ...at, timeoutMs: 30_000 }), "notAvailable", /did not answer within 30 s/],
    ["server failure", new ServerError({ ...at, status: 503 }), "notAvailable", /The service failed \(503\)/],
    [
      "not found",
      new NotFoundError({ ...at, status: 404, serverMessage: "Execution not found" }),
      "notAvailable",
      /^Execution not found$/,
    ],
    [
      "still running",
      new ExecutionPendingError({ ...at, executionId: "X", state: "QUERY_STATE_EXECUTING" }),
      "notAvailable",
      /still running \(EXECUTING\); the result appears here when it finishes/,
    ],
    [
      "failed run",
      new ExecutionFailedError({
        ...at,
        executionId: "X",
        state: "QUERY_STATE_FAILED",
        error: { type: "x", message: "boom" },
      }),
      "notAvailable",
      /^Query failed: boom$/,
    ],
    ["cancelled run", new CancelledError({ executionId: "X" }), "notAvailable", /cancelled/],
    ["unexpected response", new InvalidResponseError({ ...at, detail: "no" }), "notAvailable", /unexpected response/],
    [
      "anything else: never its raw text",
      new Error("secret-key-123 leaked"),
      "invalidValue",
      /^Unexpected error in the SERVICE function\.$/,
    ],
  ] as const)("%s", (_name, error, code, message) => {
    const failure = cellFailure(error);
    expect(failure.code).toBe(code);
    expect(failure.message).toMatch(message);
    expect(failure.message.length).toBeLessThanOrEqual(255);
  });

  it("errors from another realm (own fields only, no prototype) are still told apart", () => {
    const foreign = (error: Error): unknown => JSON.parse(JSON.stringify(error));
    expect(cellFailure(foreign(new UnauthorizedError({ ...at, status: 401 }))).message).toMatch(/Invalid API key/);
    expect(cellFailure(foreign(new NotSignedInError())).message).toMatch(/Sign in/);
  });

  it("long server messages are cut to one line that fits the tooltip", () => {
    const failure = cellFailure(
      new BadRequestError({ ...at, status: 400, serverMessage: `filters:\n${"x".repeat(400)}` }),
    );
    expect(failure.message).toMatch(/^filters: x+…$/);
    expect(failure.message).toHaveLength(255);
  });
});
