import { billingPlan } from "../../src/billing";
import { shorten } from "../../src/client";
import { refreshFailedText, withSourceNote } from "../../src/service-cells";
import { OverCapError } from "../../src/session";

/** A large read on the plan with the longest description, its first rows already paid for. */
const facts = {
  bytes: 1_234_567_890,
  rows: 12_345_678,
  credits: 24_691.36,
  plan: billingPlan("enterprise"),
  spent: 1_234.56,
};
const NOW = Date.parse("2026-03-15T10:00:00Z");

describe("the over-cap message keeps its remedy wherever it is cut", () => {
  test("in a cell: the remedy (max_credits, the pane's default, narrowing) survives the longest prefix", () => {
    const error = new OverCapError({ cap: 100, facts, where: "cell" });
    const remedy =
      'Over the cap of 100 credits per request: raise it with "max_credits=24692" (or the default in the Service ' +
      "pane's Account tab), or narrow it with columns, filters or limit.";
    expect(error.message.startsWith(remedy)).toBe(true);
    expect(error.message).toContain("This read is about 1,234.6 MB (12,345,678 rows): 24,691.36 credits on");
    // A failed refresh's note (when the rows shown were fetched) and a held refresh's header cell are the longest
    // prefixes a cell's hover puts before it; Excel keeps 255 characters of it.
    const failed = shorten(refreshFailedText(error.userMessage, NOW - 3_600_000, NOW), 255);
    expect(failed).toContain(remedy);
    const header = withSourceNote(
      [["token_pair"], ["ETH/USDC"]],
      { columns: ["token_pair"], types: ["varchar"], rows: [] } as unknown as Parameters<typeof withSourceNote>[1],
      { headers: true, timestamps: "text", arrayJoin: ", ", sourceNote: false } as Parameters<typeof withSourceNote>[2],
      { now: NOW, supported: true, error: (m) => m, notRefreshed: `Not refreshed: ${error.message}` },
    )[0]![0] as string;
    expect(header.length).toBeLessThanOrEqual(255);
    expect(header).toContain(remedy);
  });

  test("in the pane: the Account tab comes before the facts", () => {
    const error = new OverCapError({ cap: 100, facts, where: "pane" });
    expect(error.userMessage.length).toBeLessThanOrEqual(255);
    expect(error.userMessage).toMatch(
      /^Over the cap of 100 credits per request: raise it in the Service pane's Account tab, or narrow it with columns, filters or limit\. This read is/,
    );
  });
});
