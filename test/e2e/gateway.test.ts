import { startPlayground, type Playground } from "./support/harness";
import { paneTab, typeInCell, waitForValue } from "./support/sheet-actions";
import { serviceTable } from "./support/service-answers";

/**
 * The add-in in a real browser behind the relay as a team gateway: the analyst signs in with a personal token (the
 * team's key stays on the server), Account says who is signed in and what is left of the budget, and a dataset
 * spills. The team's key itself is refused by the gateway.
 */
jest.setTimeout(120_000);

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground({ gateway: true });
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

test("signs in with a personal token through the gateway, sees the budget, and spills a dataset", async () => {
  const page = await pg.open("?signin=none");
  await paneTab(page, "Account");
  const form = page.locator("#app").getByRole("form", { name: "Sign in" });
  const save = async (key: string) => {
    await form.getByRole("textbox", { name: "API key" }).fill(key);
    await form.getByRole("button", { name: "Save" }).click();
  };
  // The team's key is no way in: the gateway takes personal tokens only.
  await save(pg.service.apiKey);
  await form
    .getByRole("status")
    .getByText(/Invalid API key/)
    .waitFor();

  await save(pg.personalToken!);
  await form.getByRole("status").getByText("Signed in.").waitFor();
  const account = form.getByLabel("Team gateway");
  await account
    .getByText(/Signed in as analyst through your team's gateway\. Your budget: 200 of 200 credits left today\./)
    .waitFor();

  await typeInCell(page, "A1", '=SERVICE.DATASET("avs","columns=avs_name,total_TVL","limit=5")');
  await waitForValue(page, "A1", (v) => v === "avs_name");
  const expected = await serviceTable(pg.service, "/v1/restaking/avs-stats", {
    columns: "avs_name,total_TVL",
    limit: 5,
  });
  await waitForValue(page, "A2", (v) => v === expected.rows[0]![0]);

  // The read was booked against the analyst's budget: Update shows what is left now.
  await account.getByRole("button", { name: "Update" }).click();
  await account.getByText(/Your budget: 199\.\d+ of 200 credits left today\./).waitFor();
  // Nothing in the page holds the team's key.
  expect(await page.content()).not.toContain(pg.service.apiKey);
});
