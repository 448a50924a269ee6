import { InvalidArgumentError, ServiceClient } from "../../src/client";
import { ManualClock } from "../support/manual-clock";
import { scriptedFetch } from "./support/fetch-fakes";

// A value from a cell becomes a path segment only if it is one id: never a dot segment a URL resolves away
// (`/v1/execution/../results` is `/v1/results`, and so is `%2E%2E`), never a separator, never nothing.
const HOSTILE: ReadonlyArray<[label: string, value: string, says: RegExp]> = [
  ["two dots", "..", /cannot be "\.\."/],
  ["one dot", ".", /cannot be "\."/],
  ["encoded dots", "%2E%2E", /"%2E%2E" is not valid/],
  ["a slash", "a/b", /"a\/b" is not valid/],
  ["a question mark", "a?b", /"a\?b" is not valid/],
  ["a hash", "a#b", /"a#b" is not valid/],
  ["inner whitespace", "a b", /"a b" is not valid/],
  ["empty", "", /non-empty/],
  ["whitespace", "  \t", /non-empty/],
];

function client() {
  const fetch = scriptedFetch([{ status: 200, body: {} }]);
  const service = new ServiceClient({
    apiKey: "sk_test_path_segments",
    baseUrl: "http://127.0.0.1:8787",
    fetch,
    clock: new ManualClock(1_700_000_000_000),
  });
  return { service, fetch };
}

const CALLS: ReadonlyArray<[name: string, call: (c: ServiceClient, id: string) => Promise<unknown>]> = [
  ["status", (c, id) => c.status(id)],
  ["results", (c, id) => c.results(id)],
  ["resultsCsv", (c, id) => c.resultsCsv(id)],
  ["cancel", (c, id) => c.cancel(id)],
  ["table of an execution", (c, id) => c.table({ executionId: id })],
];

describe("path segments taken from arguments", () => {
  describe.each(CALLS)("%s", (_name, call) => {
    it.each(HOSTILE)("refuses %s before any request", async (_label, value, says) => {
      const { service, fetch } = client();
      const refused = call(service, value);
      await expect(refused).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(refused).rejects.toThrow(says);
      expect(fetch.calls).toHaveLength(0);
    });
  });

  it("sends an ordinary id as its own segment", async () => {
    const { service, fetch } = client();
    await service.cancel("01JD8Z5K2W3X4Y5Z6A7B8C9D0E").catch(() => undefined);
    expect(fetch.calls.map((c) => new URL(c.url).pathname)).toEqual([
      "/v1/execution/01JD8Z5K2W3X4Y5Z6A7B8C9D0E/cancel",
    ]);
  });
});
