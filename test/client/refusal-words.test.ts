import { isHttpError } from "../../src/client";
import { errorFromResponse, readErrorBody } from "../../src/client/errors/from-response";

const at = { method: "GET", path: "/v1/datasets/avs" };

/**
 * A refusal reaches the user in the words of whoever refused: the service's stock texts are worded by the client (what
 * to change, where), anything else (a relay's, a team gateway's) is shown as it was said, since it was written for the
 * person (whose budget, when it resets, what they can do), and the service's advice does not fit them.
 */
describe("refusals in their own words", () => {
  const budget =
    "alice's daily budget of 20 credits would be exceeded: 19.5 credits spent, and this request is estimated at 1.2 " +
    "credits. It resets at 2026-11-29 00:00 UTC. Until then: ask your team's admin to raise your budget, or narrow the read.";
  it.each([
    [402, budget, undefined, `A${budget.slice(1)}`],
    [
      401,
      "invalid API key: this address is a team gateway, and it does not take this key (or the token was revoked): sign in with the personal token your team's admin gave you, or ask them for a new one",
      undefined,
      /^Invalid API key: this address is a team gateway, .*ask them for a new one$/,
    ],
    [
      429,
      "your share of the team's 40 requests a minute is used for now: try again in 7 s",
      7000,
      "Your share of the team's 40 requests a minute is used for now: try again in 7 s",
    ],
    [
      503,
      "the gateway cannot reach its store, so it cannot check your budget: nothing was sent or spent; try again in 5 s",
      5000,
      /^The gateway cannot reach its store, .* try again in 5 s$/,
    ],
  ])("%i from a gateway: its words", (status, serverMessage, retryAfterMs, shown) => {
    const error = errorFromResponse({ status, ...at, serverMessage, retryAfterMs });
    expect(error.userMessage).toMatch(shown);
    expect(isHttpError(error) && error.ownWords).toBe(error.userMessage);
  });

  it.each([
    [401, "invalid API Key", /^Invalid or missing API key\.$/],
    [
      402,
      "This api request would exceed your configured limits per billing cycle. Please visit your settings and adjust your limits to continue usage.",
      /^Credit limit reached for this billing cycle: raise the limit in your account's API settings/,
    ],
    [
      402,
      "This api request would exceed your configured limits per request. Please visit your settings and adjust your limits to continue usage.",
      /^Credit limit per request reached: narrow the request/,
    ],
    [429, "rate limit of 40 requests per minute exceeded; retry later", /^Too many requests; try again/],
    [503, "upstream connect error", /^The service failed \(503\); try again later\.$/],
  ])("%i in the service's stock words: the client's wording", (status, serverMessage, shown) => {
    const error = errorFromResponse({ status, ...at, serverMessage });
    expect(error.userMessage).toMatch(shown);
  });

  it("a refusal as long as a cell's message is kept whole, a longer one cut to it", () => {
    const long = `the team's monthly budget ${"x".repeat(300)}`;
    expect(errorFromResponse({ status: 402, ...at, serverMessage: budget }).userMessage).toHaveLength(budget.length);
    expect(errorFromResponse({ status: 402, ...at, serverMessage: long }).userMessage).toHaveLength(255);
  });

  it.each([
    [400, "Bad request."],
    [403, "This API key may not access that."],
    [404, "Not found."],
  ])('an empty {"error": ""} on a %i is no message: the status\'s own words stand in', (status, shown) => {
    const body = readErrorBody('{"error": ""}');
    expect(body).toEqual({});
    expect(errorFromResponse({ status, ...at, serverMessage: body.message }).userMessage).toBe(shown);
  });
});
