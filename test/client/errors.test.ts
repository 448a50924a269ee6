import {
  BadRequestError,
  CancelledError,
  ExecutionFailedError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  PartialResultError,
  RateLimitedError,
  ServerError,
  ServiceError,
  UnauthorizedError,
  isBadRequestError,
  isHttpError,
  isPartialResultError,
  isRateLimitedError,
  isServiceError,
  userMessageOf,
} from "../../src/client";
import { HttpError } from "../../src/client/errors/http-errors";
import {
  errorFromResponse,
  parseRetryAfter,
  readErrorBody,
  serverMessageOf,
} from "../../src/client/errors/from-response";
import { redactCause, redactText } from "../../src/client/errors/redact";

const at = { method: "GET", path: "/v1/execution/X/results" };

describe("errorFromResponse maps statuses to the hierarchy", () => {
  const rows: [number, string | undefined, new (...args: never[]) => ServiceError, string][] = [
    [400, 'filters: unknown column "x" at position 0', BadRequestError, "BAD_REQUEST"],
    [401, "invalid API Key", UnauthorizedError, "UNAUTHORIZED"],
    [403, "forbidden", ForbiddenError, "FORBIDDEN"],
    [404, "Query not found", NotFoundError, "NOT_FOUND"],
    [413, "body too large", HttpError, "HTTP_ERROR"],
    [429, "slow down", RateLimitedError, "RATE_LIMITED"],
    [500, "internal", ServerError, "SERVER_ERROR"],
    [503, undefined, ServerError, "SERVER_ERROR"],
    [
      400,
      "This result is a partial result; request it with allows_partial_results=true",
      PartialResultError,
      "PARTIAL_RESULT",
    ],
    [400, "Partial Result, please request with 'allow_partial_results=true'", PartialResultError, "PARTIAL_RESULT"],
  ];
  it.each(rows)("%i %s", (status, serverMessage, ctor, code) => {
    const error = errorFromResponse({ status, ...at, serverMessage });
    expect(error).toBeInstanceOf(ctor);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.method).toBe("GET");
    expect(error.path).toBe(at.path);
    expect(error.serverMessage).toBe(serverMessage);
    expect(error.message).toContain(`GET ${at.path}`);
    expect(error.userMessage.length).toBeGreaterThan(0);
    expect(error.userMessage.length).toBeLessThanOrEqual(240);
  });

  it("a bad request shows the server's message, which names the parameter", () => {
    const error = errorFromResponse({ status: 400, ...at, serverMessage: 'filters: unknown column "x" at position 0' });
    expect(error.userMessage).toBe('filters: unknown column "x" at position 0');
  });

  it("rate limited carries retryAfter in seconds", () => {
    const error = errorFromResponse({ status: 429, ...at, retryAfterMs: 2500 });
    expect(isRateLimitedError(error) && error.retryAfter).toBe(3);
    expect(error.userMessage).toContain("3 s");
  });
});

describe("guards work across realms by the errors' marker", () => {
  it("accepts the error as another iframe sees it: its own fields, not its prototype", () => {
    const foreign = JSON.parse(
      JSON.stringify(new BadRequestError({ method: "GET", path: "/v1/x", status: 400, serverMessage: "x" })),
    ) as unknown;
    expect(isBadRequestError(foreign)).toBe(true);
    expect(isHttpError(foreign)).toBe(true);
    expect(isServiceError(foreign)).toBe(true);
    expect(isRateLimitedError(foreign)).toBe(false);
  });
  it("rejects unrelated errors", () => {
    expect(isServiceError(new Error("x"))).toBe(false);
    expect(isServiceError({ name: "BadRequestError" })).toBe(false);
    expect(isServiceError({ name: "BadRequestError", code: "BAD_REQUEST", kinds: ["BadRequestError"] })).toBe(false);
    expect(isServiceError(null)).toBe(false);
  });
  it("partial result is its own kind, not an HTTP error subclass", () => {
    const error = new PartialResultError({ executionId: "E1" });
    expect(isPartialResultError(error)).toBe(true);
    expect(isHttpError(error)).toBe(false);
    expect(error.code).toBe("PARTIAL_RESULT");
  });
  it("userMessageOf gives short text for any value", () => {
    expect(userMessageOf(new CancelledError({}))).toBe("Cancelled.");
    expect(userMessageOf(new Error("boom"))).toBe("Unexpected error.");
    expect(
      userMessageOf(
        new ExecutionFailedError({
          executionId: "E",
          state: "QUERY_STATE_FAILED",
          error: { type: "T", message: "division by zero" },
        }),
      ),
    ).toBe("Query failed: division by zero");
  });
  it("names survive on every class", () => {
    expect(new NetworkError({ transient: true }).name).toBe("NetworkError");
    expect(new ServerError({ status: 502, ...at }).name).toBe("ServerError");
  });
});

describe("a 409 on a CSV: the state in the body's text or in its own field decides the error", () => {
  const csv = { method: "GET", path: "/v1/query/7/results/csv" };
  it.each([
    [{ bodyState: "QUERY_STATE_CANCELLED" }, "CANCELLED"],
    [{ bodyState: "QUERY_STATE_CANCELED" }, "CANCELLED"],
    [{ serverMessage: "Execution E is QUERY_STATE_CANCELED" }, "CANCELLED"],
    [{ bodyState: "QUERY_STATE_EXECUTING" }, "EXECUTION_PENDING"],
    [{ bodyState: "QUERY_STATE_FAILED" }, "EXECUTION_FAILED"],
    [{ serverMessage: "conflict" }, "HTTP_ERROR"],
  ])("%j → %s", (body, code) => {
    const error = errorFromResponse({ status: 409, ...csv, bodyExecutionId: "01EXEC", ...body });
    expect(error.code).toBe(code);
    if (code !== "HTTP_ERROR") expect((error as { executionId?: string }).executionId).toBe("01EXEC");
  });
});

describe("server messages and Retry-After", () => {
  it.each([
    [
      '{"error":"conflict","state":"QUERY_STATE_CANCELLED","execution_id":"E"}',
      { message: "conflict", state: "QUERY_STATE_CANCELLED", executionId: "E" },
    ],
    ['{"state":"QUERY_STATE_CANCELED"}', { state: "QUERY_STATE_CANCELED" }],
    ['{"state":"cancelled","other":1}', { message: '{"state":"cancelled","other":1}' }],
    ["[1,2]", { message: "[1,2]" }],
    ["", {}],
  ])("readErrorBody(%j)", (body, expected) => expect(readErrorBody(body)).toEqual(expected));

  it.each([
    ['{"error":"Query not found"}', "Query not found"],
    ['{"error":{"message":"nested"}}', "nested"],
    ["<html>Bad gateway</html>", "<html>Bad gateway</html>"],
    ["", undefined],
  ])("serverMessageOf(%j)", (body, expected) => expect(serverMessageOf(body)).toBe(expected));

  it.each([
    ["3", 3000],
    ["0", 0],
    ["1.5", 1500],
    ["Thu, 01 Jan 2026 00:00:10 GMT", 10_000],
    ["soon", undefined],
    [null, undefined],
  ])("parseRetryAfter(%j)", (value, expected) => {
    expect(parseRetryAfter(value, Date.parse("2026-01-01T00:00:00Z"))).toBe(expected);
  });
});

describe("redaction", () => {
  const key = "sk_live_SECRET_123";
  it("masks the key in text", () => expect(redactText(`key=${key}&x=1`, key)).toBe("key=[redacted]&x=1"));
  it("keeps a cause that does not mention the key", () => {
    const cause = new Error("ECONNRESET");
    expect(redactCause(cause, key)).toBe(cause);
  });
  it("replaces a cause that mentions the key, nested causes included", () => {
    const inner = Object.assign(new Error(`header X-Service-Api-Key: ${key}`), { code: "EHEADER" });
    const outer = new Error("outer", { cause: inner });
    const cleaned = redactCause(outer, key) as Error;
    expect(cleaned).not.toBe(outer);
    expect(JSON.stringify({ m: cleaned.message, s: cleaned.stack, c: String(cleaned.cause) })).not.toContain(key);
  });
});
