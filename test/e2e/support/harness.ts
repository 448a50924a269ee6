import type { Browser, BrowserContext, Page } from "playwright-core";
import { startPlaygroundServer } from "../../../scripts/serve/playground-server";
import type { RunningStaticServer } from "../../../scripts/serve/static-server";
import type { Clock } from "../../../src/service";
import { startTestService, type TestService } from "../../support/service";
import { launchBrowser, requireBrowser } from "../../support/browser";
import { startRelay } from "../../../src/relay";
import { gatewaySetup } from "./gateway";
import { playgroundBuild } from "./playground-build";

export interface Playground {
  service: TestService;
  /** With `relay: true`: the relay the playground talks to (the service then grants no CORS origin). */
  relayUrl?: string;
  /** With `gateway: true` (the relay as a team gateway): a personal token to sign in with. */
  personalToken?: string;
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
  options: { clock?: Clock; relay?: boolean; gateway?: boolean; curatedEndpoints?: boolean } = {},
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
  const gateway = options.gateway ? await gatewaySetup(service.apiKey) : undefined;
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
