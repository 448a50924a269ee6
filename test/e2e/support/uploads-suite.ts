import type { Page } from "playwright-core";
import { startPlayground, type Playground } from "./harness";
import { pane, signIn } from "./pane-actions";
import { goTo, paneTab } from "./sheet-actions";

/**
 * Browser steps against the real service: a 1,000-row range of addresses uploaded from the pane's Tables tab, its
 * name used in SQL written in the editor, the join run, previewed and inserted as a table, and that table re-run by
 * Refresh All only once "Re-run queries" was ticked and the priced confirmation accepted. Run direct with the demo key
 * and, with `gateway: true`, through the team gateway signed in with a person's token: the person's budget pays.
 */
export function uploadsSuite(options: { gateway: boolean }): void {
  let pg: Playground;
  let page: Page;

  beforeAll(async () => {
    pg = await startPlayground(options.gateway ? { gateway: true } : {});
    page = await pg.open(options.gateway ? "?signin=none" : "");
    if (options.gateway) await signIn(page, pg.personalToken!);
  }, 300_000);

  afterAll(async () => {
    await pg?.close();
  });

  test("a range uploaded as a private table, joined in SQL, previewed, inserted as a table and re-run only when confirmed", async () => {
    // The range as a paste would leave it: a header and 1,000 addresses (typing them would take minutes).
    await page.evaluate(async () => {
      const excel = (window as unknown as { Excel: { run: typeof Excel.run } }).Excel;
      await excel.run(async (context) => {
        const values = [["Wallet address"]];
        for (let i = 0; i < 1000; i++) values.push([`0x${i.toString(16).padStart(40, "0")}`]);
        context.workbook.worksheets.getItem("Sheet1").getRange("A1:A1001").values = values;
        await context.sync();
      });
    });
    await goTo(page, "A1:A1001");

    await paneTab(page, "Tables");
    await pane(page).getByRole("button", { name: "Upload selection" }).click();
    await pane(page).getByText("1,000 rows read from Sheet1!A1:A1001.").waitFor();
    await pane(page).getByRole("combobox", { name: "Type of Wallet_address" }).waitFor();
    expect(await pane(page).getByRole("combobox", { name: "Type of Wallet_address" }).inputValue()).toBe("varchar");
    expect(await pane(page).getByLabel("Private: your namespace only").isChecked()).toBe(true);
    // Public is a choice whose consequence is said.
    await pane(page).getByLabel("Public", { exact: true }).check();
    await pane(page)
      .getByText(/^Public: every user of the service can find this table/)
      .waitFor();
    await pane(page).getByLabel("Private: your namespace only").check();

    await pane(page).getByRole("textbox", { name: "Table name" }).fill("my_addresses");
    await pane(page).getByRole("textbox", { name: "Table name" }).press("Tab");
    await pane(page).getByRole("textbox", { name: "Namespace" }).fill("demo");
    await pane(page).getByRole("textbox", { name: "Namespace" }).press("Tab");
    const upload = pane(page).getByRole("button", { name: /^Upload \(\d+ credits?\)$/ });
    await upload.click();
    await pane(page)
      .getByText(/^Uploaded dune\.demo\.my_addresses \(private\): 1,000 rows/)
      .waitFor({ timeout: 60_000 });
    const listed = pane(page).getByRole("list", { name: "Your tables" }).getByRole("listitem");
    await listed
      .filter({ hasText: "dune.demo.my_addresses" })
      .filter({ hasText: /private · .* · last upload/ })
      .waitFor();

    // "Use in SQL" writes the name into the editor, as SQL names it.
    await pane(page).getByRole("button", { name: "Use dune.demo.my_addresses in SQL" }).click();
    const editor = pane(page).locator(".cm-content");
    await editor.waitFor({ state: "visible" });
    await page.waitForFunction(() => document.querySelector(".cm-content")?.textContent === "dune.demo.my_addresses");

    await editor.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    await page.keyboard.type(
      "select a.Wallet_address, q.pairs from dune.demo.my_addresses a cross join (select count(*) as pairs from query_9000003) q order by a.Wallet_address limit 5",
    );
    await pane(page).getByRole("button", { name: "Price" }).click();
    await pane(page)
      .getByRole("button", { name: /^Run \(Auto .*credits/ })
      .click();
    await pane(page)
      .getByText(/Completed · 5 rows\./)
      .waitFor({ timeout: 60_000 });

    await pane(page).getByRole("button", { name: "Preview" }).click();
    const preview = pane(page).locator(".svc-preview-table");
    await preview.waitFor();
    expect(await preview.locator("th").allTextContents()).toEqual(["Wallet_address", "pairs"]);
    expect(await preview.locator("tbody tr").count()).toBe(5);
    expect(await preview.locator("tbody tr").first().locator("td").first().textContent()).toBe(`0x${"0".repeat(40)}`);

    await goTo(page, "C1"); // the result goes where the cursor is: beside the addresses
    await pane(page).getByRole("button", { name: "Insert result" }).click();
    await page.waitForFunction(() => window.playground!.inspect.tables().length === 1, undefined, { timeout: 60_000 });

    // Refresh All with re-runs: the confirmation lists the SQL's run and the uploaded range's re-upload, each with its
    // price; accepted, the table is refreshed.
    await pane(page)
      .getByLabel(/^Re-run queries, re-upload ranges \(\d+ credits\)$/)
      .check();
    await pane(page).getByRole("button", { name: "Refresh all" }).click();
    const plan = pane(page).getByRole("list", { name: "What it will do" });
    await plan.getByText(/^Run: run its SQL \(auto\) for table SQL_result — /).waitFor();
    await plan.getByText(/^Re-upload: Sheet1!A1:A1001 to /).waitFor();
    await pane(page)
      .getByRole("button", { name: /^Refresh \([\d.,]+ credits?\)$/ })
      .click();
    await pane(page)
      .getByText(/1 of 1 table refreshed/)
      .waitFor({ timeout: 60_000 });

    // The last result's columns complete in the editor (they belong to no table, so they are offered on their own);
    // an edit drops the run's result from the tab, so this comes last.
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" pai");
    await page.keyboard.press("Control+Space");
    await pane(page).locator(".cm-tooltip-autocomplete").getByText("pairs", { exact: true }).waitFor();
    await page.keyboard.press("Escape");
  });

  if (options.gateway)
    test("what the person's SQL, upload and refresh cost was booked against their budget", async () => {
      await paneTab(page, "Account");
      const account = pane(page).getByRole("form", { name: "Sign in" }).getByLabel("Team gateway");
      await account.getByRole("button", { name: "Update" }).click();
      // Update asks the gateway again: once it answers, what is left is below the 200 the person started with.
      const spent = account.getByText(/Your budget: (?!200 of)[\d.,]+ of 200 credits left today\./);
      await spent.waitFor({ timeout: 30_000 });
      const left = Number(/Your budget: ([\d.,]+) of 200/.exec(await spent.innerText())![1]!.replace(/,/g, ""));
      expect(left).toBeLessThan(200);
      expect(left).toBeGreaterThan(0);
    });
}
