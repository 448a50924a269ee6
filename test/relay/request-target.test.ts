import { callerKey } from "../../src/relay/caller-key";
import { RelayRefusal } from "../../src/relay/relay-errors";
import { cacheParams, canonicalQuery, parseQuery } from "../../src/relay/request-target";

/** The canonical query string the relay sends upstream for a request target, or the refusal's status and message. */
function forwarded(target: string): string {
  try {
    const parsed = parseQuery(target);
    return `${canonicalQuery(parsed.params)}${parsed.apiKey === undefined ? "" : ` key=${parsed.apiKey}`}`;
  } catch (error) {
    if (!(error instanceof RelayRefusal)) throw error;
    return `${error.status} ${error.message}`;
  }
}

describe("parseQuery + canonicalQuery: one reading of a query string, one text sent upstream", () => {
  test.each([
    ["/v1/x", ""],
    ["/v1/x?", ""],
    ["/v1/x?limit=5&offset=10", "?limit=5&offset=10"],
    ["/v1/x?offset=10&limit=5", "?limit=5&offset=10"],
    ["/v1/x?filters=a+%3D+'b'", "?filters=a%20%3D%20'b'"],
    ["/v1/x?filters=a%20=%20%27b%27", "?filters=a%20%3D%20'b'"],
    ["/v1/x?columns&&limit=", "?columns=&limit="],
    ["/v1/x?a=1=2", "?a=1%3D2"],
    ["/v1/x?f=a;b?c/d", "?f=a%3Bb%3Fc%2Fd"],
    ["/v1/x?f=../../etc", "?f=..%2F..%2Fetc"],
    ["/v1/x?f=%F0%9F%98%80", "?f=%F0%9F%98%80"],
    ["/v1/x?li%6Dit=1", "?limit=1"],
    ["/v1/x?api_key=k1&limit=1", "?limit=1 key=k1"],
    ["/v1/x?api_key=&limit=1", "?limit=1 key="],
    ["/v1/x?b=1&a=2&B=3", "?B=3&a=2&b=1"],
  ])("%s → %j", (target, expected) => {
    expect(forwarded(target)).toBe(expected);
  });

  test.each([
    ["/v1/x?limit=5#frag", '400 the query string holds a raw "#"'],
    ["/v1/x?#", '400 the query string holds a raw "#"'],
    ["/v1/x?f=a\u0001b", "400 the query string holds a raw character that is not printable ASCII"],
    ["/v1/x?f=a b", "400 the query string holds a raw character that is not printable ASCII"],
    ["/v1/x?f=\u00e9", "400 the query string holds a raw character that is not printable ASCII"],
    ["/v1/x?f=a\u007fb", "400 the query string holds a raw character that is not printable ASCII"],
    ["/v1/x?limit=%ZZ", "400 limit: a malformed %-escape"],
    ["/v1/x?limit=1%", "400 limit: a malformed %-escape"],
    ["/v1/x?limit=%4", "400 limit: a malformed %-escape"],
    ["/v1/x?f=%C3", "400 f: a malformed %-escape"],
    ["/v1/x?f=%FF", "400 f: a malformed %-escape"],
    ["/v1/x?%ZZ=1", "400 %ZZ: a malformed %-escape"],
    ["/v1/x?api_key=%E0%A4%A", "400 api_key: a malformed %-escape"],
    ["/v1/x?limit=1&limit=2", "400 limit: given more than once"],
    ["/v1/x?limit=1&li%6Dit=1", "400 limit: given more than once"],
    ["/v1/x?api_key=a&api_key=a", "400 api_key: given more than once"],
    [`/v1/x?${"n".repeat(100)}=%`, `400 ${"n".repeat(61)}...: a malformed %-escape`],
  ])("%j is refused: %s", (target, expected) => {
    expect(forwarded(target).startsWith(expected)).toBe(true);
  });
});

describe("callerKey: the caller's one key", () => {
  test.each([
    [[], undefined, undefined],
    [["X-Service-Api-Key", "k1"], undefined, "k1"],
    [["x-service-api-key", "k1"], "k1", "k1"],
    [["X-SERVICE-API-KEY", "k1", "x-service-api-key", "k1"], undefined, "k1"],
    [[], "k2", "k2"],
    [["X-Service-Api-Key", ""], "k2", "k2"],
    [["Connection", "X-Service-Api-Key", "X-Service-Api-Key", "k1"], undefined, "k1"],
    [["X-Other", "k9"], undefined, undefined],
  ] as const)("headers %j, query %j → %j", (headers, query, expected) => {
    expect(callerKey(headers, query)).toBe(expected);
  });

  test.each([
    [["X-Service-Api-Key", "k1"], "k2"],
    [["X-Service-Api-Key", "k1", "X-Service-Api-Key", "k2"], undefined],
    [["Connection", "X-Service-Api-Key", "X-Service-Api-Key", "k1"], "k2"],
  ] as const)("headers %j, query %j: two keys, refused", (headers, query) => {
    expect(() => callerKey(headers, query)).toThrow(/two different API keys/);
  });
});

describe("cacheParams: the guard's two names are one cached page", () => {
  const key = (target: string) => canonicalQuery(cacheParams(parseQuery(target).params));
  test.each([
    ["/v1/x?limit=5", "?limit=5"],
    ["/v1/x?ignore_max_datapoints_per_request=true&limit=5", "?ignore_max_credits_per_request=true&limit=5"],
    ["/v1/x?ignore_max_credits_per_request=TRUE&limit=5", "?ignore_max_credits_per_request=true&limit=5"],
    ["/v1/x?ignore_max_credits_per_request=1", "?ignore_max_credits_per_request=true"],
    [
      "/v1/x?ignore_max_credits_per_request=true&ignore_max_datapoints_per_request=true",
      "?ignore_max_credits_per_request=true",
    ],
    [
      "/v1/x?ignore_max_credits_per_request=false&ignore_max_datapoints_per_request=true",
      "?ignore_max_credits_per_request=true",
    ],
    ["/v1/x?ignore_max_datapoints_per_request=false", "?ignore_max_credits_per_request=false"],
    ["/v1/x?ignore_max_datapoints_per_request=", "?ignore_max_credits_per_request=false"],
    // A value the service refuses keeps its own key: its 400 is never another request's cached page.
    ["/v1/x?ignore_max_datapoints_per_request=yes", "?ignore_max_datapoints_per_request=yes"],
    [
      "/v1/x?ignore_max_credits_per_request=true&ignore_max_datapoints_per_request=maybe",
      "?ignore_max_credits_per_request=true&ignore_max_datapoints_per_request=maybe",
    ],
  ])("%s is kept under %j", (target, expected) => {
    expect(key(target)).toBe(expected);
  });
});
