import type { Browser, BrowserContext, Page } from "playwright-core";
import { startPlaygroundServer } from "../../../scripts/serve/playground-server";
import type { RunningStaticServer } from "../../../scripts/serve/static-server";
import type { Clock } from "../../../src/clock";
import { startTestService, type TestService } from "../../support/service";
import { launchBrowser, requireBrowser } from "../../support/browser";
import { startRelay } from "../../../src/relay";
import { gatewaySetup } from "./gateway";
import { playgroundBuild } from "./playground-build";

/** What a page logged as an error and the requests that failed (status 400 or more), from before it loaded. */
export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

const problems = new WeakMap<Page, PageProblems>();

/** The console errors and failed requests of a page opened by `Playground.open`, since it started loading. */
export function pageProblems(page: Page): PageProblems {
  const found = problems.get(page);
  if (!found) throw new Error("pageProblems: the page was not opened by Playground.open");
  return found;
}

export interface Playground {
  service: TestService;
  /** With `relay: true`: the relay the playground talks to (the service then grants no CORS origin). */
  relayUrl?: string;
  /** With `gateway: true` (the relay as a team gateway): a personal token to sign in with. */
  personalToken?: string;
  /** With `gateway: true`: an admin's personal token (admin commands against the running gateway, the usage page). */
  adminToken?: string;
  server: RunningStaticServer;
  browser: Browser;
  /** A fresh browser context (empty storage) on the playground; `query` as in "?signin=none". */
  open(query?: string): Promise<Page>;
  /** Stops the playground's server and starts it again on its port, as restarting `npm start` does. */
  restartServer(): Promise<void>;
  close(): Promise<void>;
}

/** The real local service, the built playground served against it, and Chromium. One per test file. */
export async function startPlayground(
  options: {
    clock?: Clock;
    relay?: boolean;
    gateway?: boolean;
    /** The gateway's analyst's daily budget in credits (default 200). */
    gatewayBudget?: number;
    curatedEndpoints?: boolean;
  } = {},
): Promise<Playground> {
  const behindRelay = options.relay === true || options.gateway === true;
  await requireBrowser(); // before a build and a service are started for nothing
  const started = await Promise.allSettled([
    playgroundBuild(),
    // Behind the relay the service grants no origin: the browser can only get through the relay's CORS.
    startTestService({
      datasets: true,
      clock: options.clock,
      ...(behindRelay ? { corsOrigins: [] } : {}),
      ...(options.curatedEndpoints === undefined ? {} : { curatedEndpoints: options.curatedEndpoints }),
    }),
    launchBrowser(),
  ] as const);
  const [built, serviceStart, browserStart] = started;
  if (built.status === "rejected" || serviceStart.status === "rejected" || browserStart.status === "rejected") {
    // Stop what did start, so a missing browser fails the file instead of leaving a service running.
    if (serviceStart.status === "fulfilled") await serviceStart.value.close();
    if (browserStart.status === "fulfilled") await browserStart.value.close();
    const failure = started.find((s) => s.status === "rejected") as PromiseRejectedResult;
    throw failure.reason;
  }
  const [dir, service, browser] = [built.value, serviceStart.value, browserStart.value];
  // Tests choose the port at run time (0); a restart asks for the same port again, as `npm start` does.
  let relayUrl: string | undefined;
  const serve = (port: number): Promise<{ server: RunningStaticServer; note?: string }> =>
    startPlaygroundServer({
      root: dir,
      port,
      config: () => ({ serviceUrl: relayUrl ?? service.url, demoKey: service.apiKey }),
    });
  let server: RunningStaticServer = (await serve(0)).server;
  const gateway = options.gateway ? await gatewaySetup(service.apiKey, options.gatewayBudget) : undefined;
  const relay = behindRelay
    ? await startRelay({
        upstream: new URL(service.url),
        port: 0,
        host: "127.0.0.1",
        allowOrigins: [new URL(server.url).origin],
        cacheMb: 16,
        ...(gateway ? { gateway: gateway.options } : {}),
      })
    : undefined;
  relayUrl = relay?.url;
  const contexts: BrowserContext[] = [];
  return {
    service,
    relayUrl: relay?.url,
    personalToken: gateway?.token,
    adminToken: gateway?.adminToken,
    get server() {
      return server;
    },
    browser,
    async restartServer() {
      const port = server.port;
      await server.close();
      const restarted = await serve(port);
      if (restarted.server.port !== port) {
        await restarted.server.close();
        throw new Error(`The playground could not restart on port ${port}: ${restarted.note ?? ""}`);
      }
      server = restarted.server;
    },
    async open(query = "") {
      const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const seen: PageProblems = { consoleErrors: [], failedRequests: [] };
      problems.set(page, seen);
      page.on("console", (m) => {
        if (m.type() === "error") seen.consoleErrors.push(m.text());
      });
      page.on("response", (r) => {
        if (r.status() >= 400)
          seen.failedRequests.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
      });
      await page.goto(`${server.url}/playground.html${query}`);
      await page.waitForFunction(() => document.body.dataset.ready !== undefined, undefined, { timeout: 30_000 });
      const state = await page.evaluate(() => document.body.dataset.ready);
      if (state !== "true")
        throw new Error(
          `The playground did not start: ${await page.locator(".pg-boot-error").textContent()} ${errors.join("; ")}`,
        );
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
      await relay?.close();
      gateway?.remove();
      await service.close();
    },
  };
}
