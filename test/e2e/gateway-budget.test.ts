import { startPlayground, type Playground } from "./support/harness";
import { signIn } from "./support/pane-actions";
import { cell, typeInCell, waitForValue } from "./support/sheet-actions";

/**
 * A person with a small daily budget at the team gateway spills datasets until the budget is exhausted: the refused
 * cell says, in the gateway's words, whose budget it is and when it resets (not the service's credit limit, which the
 * person cannot change), and what they can do about it.
 */
jest.setTimeout(180_000);

let pg: Playground;
beforeAll(async () => {
  pg = await startPlayground({ gateway: true, gatewayBudget: 5 });
}, 300_000);
afterAll(async () => {
  await pg?.close();
});

test("the cell a spent budget refuses names whose budget, when it resets, and what to do", async () => {
  const page = await pg.open("?signin=none");
  await signIn(page, pg.personalToken!);

  // Spills within the budget, then one more that the rest of it cannot pay for.
  const spills: [string, string][] = [
    ["A1", '=SERVICE.DATASET("avs")'],
    ["H1", '=SERVICE.DATASET("operators")'],
    ["P1", '=SERVICE.DATASET("users")'],
    ["X1", '=SERVICE.DATASET("channels")'],
  ];
  let refused: { address: string; value: string | number | boolean; hover: string | null } | undefined;
  for (const [address, formula] of spills) {
    await typeInCell(page, address, formula);
    const value = await waitForValue(page, address, (v) => v !== "" && v !== "#BUSY!", { timeout: 60_000 });
    if (value === "#VALUE!" || value === "#N/A") {
      refused = { address, value, hover: await cell(page, address).getAttribute("title") };
      break;
    }
  }
  // Something was spilled before the budget ran out, and the refusal is the gateway's, whole.
  expect(refused?.address).not.toBe("A1");
  expect(refused?.value).toBe("#VALUE!");
  expect(refused?.hover).toMatch(
    /^Analyst's daily budget of 5 credits would be exceeded: .* It resets at \d{4}-\d\d-\d\d 00:00 UTC\. Until then: ask your team's admin to raise your budget, or narrow the read\.$/,
  );
  expect(refused?.hover).not.toMatch(/billing cycle|API settings/);
});
