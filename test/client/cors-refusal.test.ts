import { ServiceClient, isForbiddenError, isNetworkError } from "../../src/client";
import { startRelay, type RunningRelay } from "../../src/relay";
import { cellFailure } from "../../src/service-cells";
import { startTestService, type TestService } from "../support/service";

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

/**
 * A relay (or team gateway) that does not allow the page's origin answers a readable 403 (CORS headers for that
 * origin, no data), so the add-in says which origin and which setting, not "Service unreachable".
 */
describe("a relay that does not allow the page's origin", () => {
  const PAGE = "https://addin.example";
  let svc: TestService;
  let relay: RunningRelay;
  beforeAll(async () => {
    svc = await startTestService({ corsOrigins: [] });
    relay = await startRelay({
      upstream: new URL(svc.url),
      port: 0,
      host: "127.0.0.1",
      allowOrigins: ["https://localhost:3000"],
      cacheMb: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await relay?.close();
    await svc?.close();
  });

  /** fetch as a page at PAGE sends it: with its Origin (Node's fetch lets a test set it). */
  const fromPage: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: PAGE } });

  test("the cell and the pane name the origin and --allow-origins", async () => {
    const client = new ServiceClient({ apiKey: svc.apiKey, baseUrl: relay.url, fetch: fromPage, retry: false });
    const error = await client.status("01HZZZZZZZZZZZZZZZZZZZZZZZ").catch((e: unknown) => e);
    expect(isForbiddenError(error)).toBe(true);
    expect(isNetworkError(error)).toBe(false);
    const failure = cellFailure(error);
    expect(failure.code).toBe("invalidValue");
    expect(failure.message).toMatch(
      /^this relay does not answer pages from https:\/\/addin\.example: .*--allow-origins setting \(ask whoever runs the relay to add it, or open the add-in from an origin it allows\)$/,
    );
    // The pane shows a service error's userMessage (taskpane/logic/messages.ts).
    expect((error as { userMessage: string }).userMessage).toBe(failure.message);
  });
});
