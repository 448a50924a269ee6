import { ServiceClient, isNetworkError } from "../../src/client";
import { cellFailure } from "../../src/service-cells";

/**
 * In a browser, a CORS refusal reaches the script as a bare TypeError with no response and no system code. From a
 * service on another machine that is the likely cause, and the user is told what to do about it.
 */
const refusing = async (): Promise<Response> => {
  throw new TypeError("Failed to fetch");
};

function inBrowser<T>(run: () => Promise<T>): Promise<T> {
  const global = globalThis as { document?: unknown };
  global.document = {};
  return run().finally(() => delete global.document);
}

const clientFor = (baseUrl: string) =>
  new ServiceClient({ apiKey: "key-123456789", baseUrl, fetch: refusing, retry: false });

test("a browser, a remote service, no response: the CORS message, in cells too", async () => {
  const error = await inBrowser(() =>
    clientFor("https://api.example.test")
      .status("E")
      .catch((e: unknown) => e),
  );
  expect(isNetworkError(error)).toBe(true);
  expect((error as { likelyCors: boolean }).likelyCors).toBe(true);
  expect((error as { userMessage: string }).userMessage).toMatch(
    /did not allow this add-in's origin \(CORS\); use a relay/,
  );
  expect(cellFailure(error).message).toMatch(/use a relay/);
});

test.each([
  ["the local service", "http://127.0.0.1:8787", true],
  ["Node (no CORS there)", "https://api.example.test", false],
])("%s: a plain network error", async (_name, baseUrl, browser) => {
  const call = () =>
    clientFor(baseUrl)
      .status("E")
      .catch((e: unknown) => e);
  const error = await (browser ? inBrowser(call) : call());
  expect((error as { likelyCors: boolean }).likelyCors).toBe(false);
  expect((error as { userMessage: string }).userMessage).toMatch(/^Cannot reach the service/);
});
