import { checkClient, checkKey } from "../../src/taskpane/logic/key-check";

/** A service answering every request with one status and body, recording what was asked. */
function service(status: number, body: unknown) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { asked, client: checkClient("a-key-0000000000000", "http://svc.test", { fetch }) };
}

const USAGE = {
  billing_periods: [{ start_date: "2026-03-01", end_date: "2026-03-31", credits_used: 5, credits_included: 2500 }],
};

describe("the key check", () => {
  test("asks the free usage endpoint, which answers 200 to a valid key (no failed request in the console)", async () => {
    const { asked, client } = service(200, USAGE);
    await expect(checkKey(client, "http://svc.test")).resolves.toEqual({ status: "valid", message: "Key accepted." });
    expect(asked).toEqual(["POST /v1/usage"]);
  });
  test.each([
    [401, { error: "invalid API Key" }, "invalid"],
    [403, { error: "forbidden" }, "invalid"],
    [404, { error: "not found" }, "valid"], // a service without the endpoint: the key got past authentication
    [500, { error: "boom" }, "unreachable"],
  ])("an answer %i means %s", async (status, body, expected) => {
    const { client } = service(status, body);
    await expect(checkKey(client, "http://svc.test")).resolves.toMatchObject({ status: expected });
  });
  test.each([
    [401, "invalid API Key", /^Invalid API key: the service refused it\. Check for typos or create a new key\.$/],
    [
      403,
      "this relay does not answer pages from https://addin.example: that origin is not in its --allow-origins setting",
      /^This relay does not answer pages from https:\/\/addin\.example: .* --allow-origins setting$/,
    ],
    [401, "invalid API key: this address is a team gateway, and it does not take this key", /team gateway/],
  ])("a %i says what the refuser said, beyond the service's stock text", async (status, error, message) => {
    const { client } = service(status, { error });
    await expect(checkKey(client, "http://svc.test")).resolves.toEqual({
      status: "invalid",
      message: expect.stringMatching(message),
    });
  });
});
