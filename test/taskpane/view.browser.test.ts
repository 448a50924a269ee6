import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join, resolve } from "node:path";
import webpack from "webpack";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { cachedBuild } from "../support/cached-build";
import { startTestService, type TestService } from "../support/service";

/**
 * The real pane in Chromium at 320 px: labelled controls, keyboard sign-in, run, insert with progress, and the
 * key nowhere in the page once saved. Fails where no browser can be found (see test/support/find-browser.ts): a
 * browser test that skips itself would pass without testing anything.
 */

async function bundle(outDir: string): Promise<void> {
  const compiler = webpack({
    mode: "development",
    devtool: false,
    entry: resolve(__dirname, "support/view-harness.ts"),
    output: { path: outDir, filename: "pane.js" },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        { test: /\.ts$/, exclude: /node_modules/, use: { loader: "ts-loader", options: { transpileOnly: true } } },
      ],
    },
    performance: { hints: false },
  });
  // Close the compiler whatever the outcome, so its caches and watchers do not outlive the build.
  await new Promise<void>((done, fail) =>
    compiler.run((error, stats) =>
      compiler.close((closeError) => {
        const failure = error ?? closeError ?? (stats?.hasErrors() ? new Error(stats.toString("errors-only")) : null);
        if (failure) fail(failure);
        else done();
      }),
    ),
  );
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pane</title></head>
<body style="margin:0"><div id="pane" style="width:320px"></div><script src="pane.js"></script></body></html>`;

describe("the pane in a browser", () => {
  let service: TestService;
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // The bundle is built once per source state (like the playground's), not once per run.
    const build = cachedBuild({
      name: "pane-view",
      inputs: ["src", "test/taskpane/support", "package-lock.json", "tsconfig.json"],
      exclude: ["src/service"],
      build: bundle,
    });
    let outDir: string;
    [service, outDir] = await Promise.all([startTestService(), build]);
    const script = readFileSync(join(outDir, "pane.js"));
    server = createServer((req, res) => {
      const js = req.url?.startsWith("/pane.js");
      res.setHeader("content-type", js ? "text/javascript" : "text/html");
      res.end(js ? script : PAGE);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 320, height: 720 } });
    const { port } = server.address() as { port: number };
    await page.goto(`http://127.0.0.1:${port}/?svc=${encodeURIComponent(service.url)}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
    await service?.close();
  });

  test("fits 320 px and every control has an accessible name", async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll("input, select, button, textarea, progress")]
        .filter((el) => {
          const e = el as HTMLInputElement;
          const named =
            (e.labels?.length ?? 0) > 0 || e.getAttribute("aria-label") || e.getAttribute("aria-labelledby");
          return !named && !(el.tagName === "BUTTON" && el.textContent?.trim());
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
    expect(await page.getByRole("tab", { name: "Account" }).getAttribute("aria-selected")).toBe("true");
  });

  test("sign in with the keyboard; the key leaves the page once saved", async () => {
    const key = page.getByRole("textbox", { name: "API key" });
    await key.fill(service.apiKey);
    await key.press("Enter");
    await page.getByText("Signed in. Key saved for your user on this computer.").waitFor();
    expect(await key.inputValue()).toBe("");
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(service.apiKey);
  });

  test("tabs move with the arrow keys; run, then insert; the re-run cost follows the new table", async () => {
    await page.getByRole("tab", { name: "Account" }).focus();
    await page.keyboard.press("Home");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Query");
    await page.getByRole("spinbutton", { name: "Query ID" }).fill("1002");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await page.getByText("Completed · 500 rows.").waitFor();
    await page.getByRole("button", { name: "Insert", exact: true }).click();
    // Its size and the most it will cost before the rest is read, in the pane's own confirmation.
    await page
      .getByText(/^About 112 KB \(500 rows\): at most 2\.\d\d credits on Free \(20 credits per MB\)\./)
      .first()
      .waitFor();
    await page.getByRole("button", { name: /^Insert \(2\.\d\d credits\)$/ }).click();
    await page.getByText(/^Inserted 500 rows at Sheet1!A1:G501\./).waitFor();
    const tables = await page.evaluate(() =>
      (window as unknown as { wb: { inspect: { tables(): unknown } } }).wb.inspect.tables(),
    );
    expect(tables).toEqual([{ name: "Query_1002", sheet: "Sheet1", address: "Sheet1!A1:G501" }]);
    expect(await page.getByText("Re-run queries (10 credits)").count()).toBe(1);
  });
});
