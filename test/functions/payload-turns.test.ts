import { PayloadTurns } from "../../src/functions/payload-turns";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { FAKE_KEY, fakeApi } from "./support/fake-api";
import { generatedMetadata, settle, workbench } from "./support/harness";

/** Turns moved by hand: `end()` ends the current one. */
function manualTurns() {
  let ends: (() => void)[] = [];
  return {
    next: () => new Promise<void>((resolve) => ends.push(resolve)),
    end: async () => {
      const due = ends;
      ends = [];
      due.forEach((resolve) => resolve());
      await settle();
    },
  };
}

describe("PayloadTurns", () => {
  test.each([
    // [budget, sizes, how many are set in the first turn, second, third]
    [10, [4, 4, 4], [2, 1]],
    [10, [10, 1], [1, 1]],
    [10, [25, 3], [1, 1]], // one result over the budget still goes, alone in its turn
    [10, [3, 3, 3, 1], [4]],
    [10, [6, 6, 6, 6], [1, 1, 1, 1]],
  ])("budget %d, results %j: set per turn %j", async (budget, sizes, perTurn) => {
    const turns = manualTurns();
    const payload = new PayloadTurns(budget, turns.next);
    const set: number[] = [];
    for (const [i, bytes] of sizes.entries()) void payload.fit(bytes).then(() => set.push(i));
    const counts: number[] = [];
    let before = 0;
    for (let turn = 0; turn <= sizes.length; turn++) {
      await settle();
      counts.push(set.length - before);
      before = set.length;
      if (set.length === sizes.length) break;
      await turns.end();
    }
    expect(counts.filter((n) => n > 0)).toEqual(perTurn);
    expect(set).toEqual(sizes.map((_, i) => i)); // in the order asked
  });
});

describe("the refresh bus under the payload cap", () => {
  let metadata: FunctionsMetadata;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });

  test("cells of one request refreshed together are set over several turns, each under the budget", async () => {
    const api = fakeApi();
    const turns = manualTurns();
    const bench = workbench(metadata, {
      baseUrl: "http://service.test",
      apiKey: FAKE_KEY,
      fetch: api.fetch,
      runtime: { payloadTurnBytes: 1, nextTurn: turns.next },
    });
    try {
      const cells = [bench.cell("DATASET", "avs"), bench.cell("DATASET", "avs", "headers=false")];
      // Each result is over the 1-byte budget: one per turn.
      await settle();
      const seen = (): number => cells.filter((c) => c.results.length > 0).length;
      await settle(10);
      expect(seen()).toBe(1);
      await turns.end();
      await settle(10);
      expect(seen()).toBe(2);
    } finally {
      bench.close();
    }
  });
});
