import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { startPlayground, type Playground } from "./support/harness";
import { signIn } from "./support/pane-actions";
import { cell, typeInCell, waitForValue } from "./support/sheet-actions";

/**
 * The team's journey, one test across the parts: a gateway runs (one instance, its file store locked by it); the
 * admin adds a person with the documented command while it runs; that person signs in to the playground with the
 * printed token, spills a dataset, spends the small budget the admin gave (the refused cell names whose budget it is
 * and when it resets); the admin's usage page shows what the person spent and the refusal.
 */
jest.setTimeout(240_000);

const run = promisify(execFile);
let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground({ gateway: true });
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

/** The admin command as the docs give it (`npm run relay -- users …`), sent to the running gateway. */
async function adminCommand(args: string[]): Promise<string> {
  const root = join(__dirname, "..", "..");
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", join(root, "src/relay/main.ts"), ...args, "--gateway", pg.relayUrl!],
    { cwd: root, env: { ...process.env, RELAY_ADMIN_TOKEN: pg.adminToken! } },
  );
  return stdout;
}

test("a person added while the gateway runs signs in, spills, spends the budget, and shows on the usage page", async () => {
  // Added while it runs (the gateway holds the store's lock): the command prints the token once.
  const added = await adminCommand(["users", "add", "bob", "--budget-per-day", "3"]);
  const token = /^\s+(\S+)$/m.exec(added)?.[1];
  expect(token).toBeDefined();
  expect(added).toContain("Token for bob");

  const page = await pg.open("?signin=none");
  const form = await signIn(page, token!);
  await form
    .getByLabel("Team gateway")
    .getByText(/Signed in as bob through your team's gateway\. Your budget: 3 of 3 credits left today\./)
    .waitFor();

  // A small dataset spills; larger ones follow until the budget cannot pay for one.
  await typeInCell(page, "A1", '=SERVICE.DATASET("avs","columns=avs_name","limit=3")');
  await waitForValue(page, "A1", (v) => v === "avs_name", { timeout: 60_000 });
  expect(await waitForValue(page, "A2", (v) => v !== "" && v !== "#BUSY!")).not.toMatch(/^#/);
  let refused: { value: string | number | boolean; hover: string | null } | undefined;
  for (const [address, formula] of [
    ["D1", '=SERVICE.DATASET("operators")'],
    ["M1", '=SERVICE.DATASET("users")'],
    ["W1", '=SERVICE.DATASET("channels")'],
  ] as const) {
    await typeInCell(page, address, formula);
    const value = await waitForValue(page, address, (v) => v !== "" && v !== "#BUSY!", { timeout: 60_000 });
    if (value === "#VALUE!" || value === "#N/A") {
      refused = { value, hover: await cell(page, address).getAttribute("title") };
      break;
    }
  }
  expect(refused?.value).toBe("#VALUE!");
  expect(refused?.hover).toMatch(
    /^Bob's daily budget of 3 credits would be exceeded: .* It resets at \d{4}-\d\d-\d\d 00:00 UTC\. Until then: ask your team's admin to raise your budget, or narrow the read\.$/,
  );

  // The admin's usage page: bob, what he spent, and the refusal.
  const usage = await fetch(`${pg.relayUrl!}/admin/usage`, {
    headers: { Authorization: `Basic ${Buffer.from(`lead:${pg.adminToken!}`).toString("base64")}` },
  });
  expect(usage.status).toBe(200);
  const html = await usage.text();
  expect(html).toContain("bob");
  const listed = await adminCommand(["users", "list"]);
  const bob = listed.split("\n").find((line) => line.startsWith("bob "));
  expect(bob).toBeDefined();
  // Columns: name, role, state, per day, per month, spent today, …: what bob spent today is booked, within his
  // budget (the refused read spent nothing).
  const columns = bob!.split(/\s{2,}/);
  expect(columns.slice(0, 4)).toEqual(["bob", "member", "active", "3 credits"]);
  const spent = Number(/^([\d.]+) credits?/.exec(columns[5]!)?.[1] ?? NaN);
  expect(spent).toBeGreaterThan(0);
  expect(spent).toBeLessThanOrEqual(3);
  // The person's token never reached the page's file or storage in the clear beyond the sign-in.
  expect(await page.content()).not.toContain(pg.service.apiKey);
});
