/**
 * `npx tsx bench/result-store.ts [--runs N]`: what a 25,000-row result costs the persistent result store in
 * Chromium's real IndexedDB (bytes counted against the cap, write and read time through the store), beside the rows
 * alone in one transaction, as they are kept (one array per row) and as one array per column rebuilt into rows on
 * reading. Prints one table; figures vary by machine and load, so nothing here is a test.
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import { build } from "esbuild";
import { launchBrowser } from "../test/support/browser";
import { kb, ms, num } from "./stats";

async function main(runs: number): Promise<void> {
  const bundled = await build({
    entryPoints: [resolve(__dirname, "result-store-page.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
  });
  const script = bundled.outputFiles[0]!.text;
  // A real origin: IndexedDB is not available on about:blank.
  const server = createServer((req, res) => {
    const js = req.url === "/page.js";
    res.setHeader("content-type", js ? "text/javascript" : "text/html");
    res.end(js ? script : '<!doctype html><script src="/page.js"></script>');
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    await page.waitForFunction(() => "measureStore" in globalThis);
    const m = (await page.evaluate(`measureStore(${runs})`)) as {
      backend: string;
      rows: number;
      bytes: number;
      json: number;
      put: number;
      get: number;
      rowArraysPut: number;
      rowArraysGet: number;
      columnsPut: number;
      columnsGet: number;
    };
    console.log(`Persistent result store, Chromium ${browser.version()}, ${m.backend}, median of ${runs}`);
    console.log(`  rows                     ${num(m.rows)} × 10 columns (JSON of the rows: ${kb(m.json)})`);
    console.log(`  bytes counted (cap)      ${kb(m.bytes)}`);
    console.log(`  the store: write ${ms(m.put)}, read ${ms(m.get)} (each a transaction over its records and rows)`);
    console.log(`  the rows alone, one array per row:    write ${ms(m.rowArraysPut)}, read ${ms(m.rowArraysGet)}`);
    console.log(`  one array per column, rows rebuilt:   write ${ms(m.columnsPut)}, read ${ms(m.columnsGet)}`);
  } finally {
    await browser.close();
    server.close();
  }
}

const at = process.argv.indexOf("--runs");
main(at > 0 ? Number(process.argv[at + 1]) : 7).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
