import type { Page } from "playwright-core";
import { pageProblems, startPlayground, type Playground } from "./support/harness";
import { paneTab } from "./support/sheet-actions";

// Browser steps against the real service; CI runs this file beside the heavy service tests on two cores.
jest.setTimeout(120_000);

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground();
}, 300_000);

afterAll(async () => {
  await pg?.close();
});

async function save(page: Page, key: string): Promise<void> {
  const form = page.locator("#app").getByRole("form", { name: "Sign in" });
  await form.getByRole("textbox", { name: "API key" }).fill(key);
  await form.getByRole("button", { name: "Save" }).click();
}

test("a bad key is refused with a message; the demo key signs in", async () => {
  const page = await pg.open("?signin=none");
  const form = page.locator("#app").getByRole("form", { name: "Sign in" });
  await paneTab(page, "Account");
  await form
    .getByRole("status")
    .getByText(/Not signed in/)
    .waitFor();

  await save(page, "not-a-real-key");
  await form
    .getByRole("status")
    .getByText(/Invalid API key/)
    .waitFor();
  expect(await page.locator("#app .svc-badge").textContent()).toMatch(/Key refused|Not signed in/);

  await save(page, pg.service.apiKey);
  await form.getByRole("status").getByText("Signed in.").waitFor();
  expect(await page.locator("#app .svc-badge").textContent()).toBe("Signed in");
});

test("the first visit signs in with the demo key by itself, with no failed request or console error", async () => {
  const page = await pg.open();
  await page.locator("#app .svc-badge").getByText("Signed in").waitFor();
  // The key check asks POST /v1/usage, which the service serves: no 404 (or other failure) is logged at load.
  expect(pageProblems(page)).toEqual({ consoleErrors: [], failedRequests: [] });
  // Stored the usual way: OfficeRuntime.storage, which the playground keeps in localStorage.
  const stored = await page.evaluate(() => OfficeRuntime.storage.getItem("service-addin.api-key"));
  expect(stored).toBe(pg.service.apiKey);
});
