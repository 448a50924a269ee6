import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  playgroundConfigScript,
  startStaticServer,
  type RunningStaticServer,
} from "../../../src/playground/serve/static-server";
import type { Clock } from "../../../src/service";
import { startTestService, type TestService } from "../../support/service";
import { launchChromium } from "./browser";
import { playgroundBuild } from "./playground-build";

export interface Playground {
  service: TestService;
  server: RunningStaticServer;
  browser: Browser;
  /** A fresh browser context (empty storage) on the playground; `query` as in "?signin=none". */
  open(query?: string): Promise<Page>;
  close(): Promise<void>;
}

/** The real local service, the built playground served against it, and Chromium. One per test file. */
export async function startPlayground(options: { clock?: Clock } = {}): Promise<Playground> {
  const [dir, service, browser] = await Promise.all([
    playgroundBuild(),
    startTestService({ datasets: true, clock: options.clock }),
    launchChromium(),
  ]);
  const server = await startStaticServer({
    root: dir,
    index: "playground.html",
    generated: {
      "/playground-config.js": {
        type: "text/javascript; charset=utf-8",
        body: () => playgroundConfigScript({ serviceUrl: service.url, demoKey: service.apiKey }),
      },
    },
  });
  const contexts: BrowserContext[] = [];
  return {
    service,
    server,
    browser,
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
      await service.close();
    },
  };
}
