import type { Page } from "playwright-core";
import { ServiceClient } from "../../src/client";
import { startPlayground, type Playground } from "./support/harness";
import { pane } from "./support/pane-actions";

// Browser steps against the real service: the SQL tab's editor (its own chunk, loaded on first show), the price
// shown before anything is sent, a join of an uploaded table with a curated dataset, and its result inserted.
jest.setTimeout(180_000);

let pg: Playground;
let page: Page;

beforeAll(async () => {
  pg = await startPlayground();
  const client = new ServiceClient({ apiKey: pg.service.apiKey, baseUrl: pg.service.url });
  // 1,000 addresses uploaded (the pane's own upload form is not part of this test).
  await client.createUpload({
    namespace: "demo",
    tableName: "addresses",
    schema: [{ name: "address", type: "varchar" }],
  });
  const csv = ["address", ...Array.from({ length: 1000 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`)];
  await client.insertRows("demo", "addresses", { csv: `${csv.join("\n")}\n` });
  page = await pg.open();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

test("SQL written in the editor: refused with placeholders, priced first, run, inserted as a table", async () => {
  await pane(page).getByRole("tab", { name: "SQL" }).click();
  const editor = pane(page).locator(".cm-content");
  await editor.waitFor({ state: "visible" }); // the editor's chunk loaded
  await editor.click();
  await page.keyboard.type("select count(*) as n from dune.demo.addresses where address = '{{addr}}'");
  await pane(page).getByRole("button", { name: "Price" }).click();
  await pane(page)
    .getByText(/This SQL has parameters \(\{\{addr\}\}\)/)
    .waitFor();

  await page.keyboard.press("Control+a");
  await editor.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type(
    "select a.address, q.pairs from dune.demo.addresses a cross join (select count(*) as pairs from query_9000003) q order by a.address limit 5",
  );
  await pane(page).getByRole("button", { name: "Price" }).click();
  const run = pane(page).getByRole("button", { name: /^Run \(Auto .*credits/ });
  await run.waitFor();
  await run.click();
  await pane(page)
    .getByText(/Completed · 5 rows\./)
    .waitFor({ timeout: 60_000 });
  await pane(page).getByRole("button", { name: "Insert result" }).click();
  await page.waitForFunction(() => window.playground!.inspect.tables().length === 1, undefined, { timeout: 60_000 });
  const [table] = await page.evaluate(() => window.playground!.inspect.tables());
  expect(table.address).toMatch(/:[A-Z]+6$/); // header + 5 rows
});
