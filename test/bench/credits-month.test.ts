import { monthModel } from "../../bench/credits-month";

/**
 * The credits section's model runs: a short version (two hours of one day, one cell) on the real add-in code and
 * service. Its figures are the service's own count, so they must tell the three behaviours apart.
 */
test("the month model runs the three behaviours and counts what the service charged", async () => {
  const runs = await monthModel({ days: 1, hours: 2, budget: 1, plans: ["free"], cells: [["avs"]] });
  const of = (b: string) => runs.find((r) => r.behaviour === b)!;
  expect(runs.map((r) => r.behaviour)).toEqual(["old", "budget 0", "budget B"]);
  for (const r of runs) expect(r.userCredits).toBeGreaterThan(0); // entering the cell is read and billed
  // avs refreshes every 15 minutes: 8 slots in two hours, each re-read by the old add-in.
  expect(of("old").automaticRequests).toBe(8);
  expect(of("old").automaticCredits).toBeGreaterThan(0);
  expect(of("budget 0")).toMatchObject({ automaticRequests: 0, automaticCredits: 0 });
  expect(of("budget B").automaticCredits).toBeLessThanOrEqual(1);
  expect(of("old").creditsPerMonth).toBeGreaterThan(of("budget B").creditsPerMonth);
  expect(of("budget B").creditsPerMonth).toBeGreaterThanOrEqual(of("budget 0").creditsPerMonth);
}, 120_000);
