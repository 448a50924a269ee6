import { isPersonalToken, TOKEN_PREFIX } from "../../src/team-store";
import { fetchGatewayAccount, GATEWAY_TOKEN_PREFIX } from "../../src/session/gateway-account";

/** The add-in asks `/gateway/me` only for keys shaped as the gateway's personal tokens: both sides agree on it. */
test("the session's token prefix is the gateway's", () => {
  expect(GATEWAY_TOKEN_PREFIX).toBe(TOKEN_PREFIX);
  const token = `${TOKEN_PREFIX}${"a".repeat(43)}`;
  expect(isPersonalToken(token) && token.startsWith(GATEWAY_TOKEN_PREFIX)).toBe(true);
});

test("a key that is not a personal token is never asked about; a token is", async () => {
  const asked: string[] = [];
  const fetchImpl = (url: string): Promise<Response> => {
    asked.push(url);
    return Promise.resolve(new Response("not found", { status: 404 }));
  };
  expect(await fetchGatewayAccount(fetchImpl, "https://api.example.test/", "a-service-key")).toBeUndefined();
  expect(asked).toEqual([]);
  expect(
    await fetchGatewayAccount(fetchImpl, "https://gw.example.test/v1", `${GATEWAY_TOKEN_PREFIX}${"b".repeat(43)}`),
  ).toBeUndefined();
  expect(asked).toEqual(["https://gw.example.test/gateway/me"]);
});
