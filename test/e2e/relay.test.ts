import { startPlayground, type Playground } from "./support/harness";
import { paneTab, typeInCell, waitForValue } from "./support/sheet-actions";
import { serviceTable } from "./support/service-answers";

/**
 * The add-in in a real browser behind the relay: the service grants no CORS origin (as the real one), the playground
 * talks to the relay, which grants the playground's origin. Signing in and spilling a dataset work end to end.
 */
jest.setTimeout(120_000);

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground({ relay: true });
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

test("signs in through the relay and spills a dataset; the service itself refuses the browser's origin", async () => {
  const page = await pg.open("?signin=none");
  await paneTab(page, "Account");
  const form = page.locator("#app").getByRole("form", { name: "Sign in" });
  await form.getByRole("textbox", { name: "API key" }).fill(pg.service.apiKey);
  await form.getByRole("button", { name: "Save" }).click();
  await form.getByRole("status").getByText("Signed in.").waitFor();

  await typeInCell(page, "A1", '=SERVICE.DATASET("avs","columns=avs_name,total_TVL","limit=5")');
  await waitForValue(page, "A1", (v) => v === "avs_name");
  const expected = await serviceTable(pg.service, "/v1/restaking/avs-stats", {
    columns: "avs_name,total_TVL",
    limit: 5,
  });
  await waitForValue(page, "A2", (v) => v === expected.rows[0]![0]);

  // Straight to the service, the same browser is refused by CORS: the relay is what made it work.
  const direct = await page.evaluate(async (url) => {
    try {
      await fetch(`${url}/v1/restaking/avs-stats?limit=1`, { headers: { "X-Service-Api-Key": "x-key-123456" } });
      return "answered";
    } catch {
      return "refused";
    }
  }, pg.service.url);
  expect(direct).toBe("refused");
  expect(pg.relayUrl).toBeDefined();
});
