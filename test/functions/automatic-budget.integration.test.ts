import { subtractCredits } from "../../src/billing";
import { ManualClock } from "../support/manual-clock";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService } from "../support/service";
import { type Workbench, errorOf, generatedMetadata, matrixOf, settle, waitFor, workbench } from "./support/harness";

/**
 * A day of a workbook's DATASET cells against the real local service, on one manual clock for both: every scheduled
 * refresh is automatic, so it spends only within the workbook's daily budget. What the service charged is read from
 * its own usage endpoint (free), not from our count.
 */
// Just after local midnight: the budget is per local day, and the day below stays within one.
const START = new Date(2024, 5, 1, 0, 7);
const MINUTE = 60_000;
const serviceClock = new ManualClock(START);
let service: TestService;
let metadata: FunctionsMetadata;
let bench: Workbench;

beforeAll(async () => {
  [service, metadata] = await Promise.all([
    startTestService({ datasets: true, clock: serviceClock }),
    generatedMetadata(),
  ]);
}, 120_000);
afterAll(async () => service.close());
beforeEach(() => {
  serviceClock.set(START);
  bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey, clock: new ManualClock(START) });
});
afterEach(() => bench.close());

const TEN_CELLS: string[][] = [
  ["avs", "limit=5"],
  ["avs", "limit=6", "columns=avs_name,total_TVL"],
  ["operators", "limit=5"],
  ["operators", "limit=8", "sort_by=operator_name"],
  ["dex", "ethereum", "limit=5"],
  ["dex", "ethereum", "limit=6", "columns=token_pair,usd_liquidity"],
  ["marketshare", "dex", "ethereum", "limit=5"],
  ["channels", "limit=5"],
  ["users", "limit=5"],
  ["avs", "limit=9", "sort_by=avs_name"],
];

/** Credits the service says the key has used this billing cycle (its usage endpoint spends nothing). */
async function charged(): Promise<number> {
  const usage = await bench.session.client().usage();
  return usage.billing_periods[0]?.credits_used ?? 0;
}

/** Enters the ten cells (the user's own act: they fetch once) and waits for their values. */
async function enterTen() {
  const cells = TEN_CELLS.map((args) => bench.cell("DATASET", ...args));
  for (const cell of cells) matrixOf(await cell.result());
  return cells;
}

/** A local day (to 23:52) in five-minute steps, both clocks together, each step's refreshes done before the next. */
async function aDay(): Promise<void> {
  for (let t = 0; t < 23 * 60 + 45; t += 5) {
    serviceClock.advance(5 * MINUTE);
    bench.clock.advance(5 * MINUTE);
    await settle(20);
    await waitFor(() => bench.runtime.queries.budgetState().inFlight.reads === 0, "the step's refreshes");
  }
}

test("budget 0 (the default): a day of ten DATASET cells makes no automatic request and spends nothing", async () => {
  const cells = await enterTen();
  const requests = bench.fetch.count;
  const before = await charged();
  const afterEntering = bench.fetch.count;
  await aDay();
  expect(bench.fetch.count - afterEntering).toBe(0);
  expect(afterEntering - requests).toBe(1); // the usage call above, nothing else
  expect(await charged()).toBe(before);
  expect(bench.runtime.queries.budgetState()).toMatchObject({ creditsPerDay: 0, spentToday: 0 });
  // The cells keep their values, untouched (each showed only what it was entered with); the held list says why.
  for (const cell of cells) expect(cell.results).toHaveLength(1);
  expect(bench.runtime.held.all().length).toBe(TEN_CELLS.length);
  expect(bench.runtime.held.all()[0]!.message).toMatch(
    /^Not refreshed at \d\d:\d\d \(data from 00:07\): automatic refreshes need a daily credit budget \(about [\d.]+ credits\); set one in the Service pane's Report tab, or use Refresh All\.$/,
  );
});

test("a refresh the budget held leaves the spill exactly as it was, header cell included; SERVICE.SOURCE says it was held", async () => {
  const data = bench.cellIn({ address: "Report!B2" }, "DATASET", "dex", "ethereum", "limit=5");
  const before = matrixOf(await data.result());
  const source = bench.cellIn<string[][]>({ parameterAddresses: ["Report!C4"] }, "SOURCE", [[null]]);
  const read = matrixOf(await source.result())[0]![0] as string;
  expect(read).toMatch(/^Dataset dex \(ethereum\), refresh slot .*; read .* UTC; https:\/\/dune\.com\/queries\/\d+$/);
  const requests = bench.fetch.count;

  // Past the dataset's next scheduled refresh, with no automatic budget (the default): held.
  serviceClock.advance(60 * MINUTE);
  bench.clock.advance(60 * MINUTE);
  await waitFor(() => bench.runtime.held.all().length === 1, "the refresh to be held");
  await settle(20);
  expect(bench.fetch.count).toBe(requests);
  // The spill is what it was: no #N/A over the header, nothing set again.
  expect(data.results).toHaveLength(1);
  expect(data.latest).toEqual(before);
  expect(before[0]![0]).toBe("chain");
  // The pane's list names the cell and why; SERVICE.SOURCE adds when, the budget's room and what to do.
  const held = bench.runtime.held.all()[0]!;
  expect(held).toMatchObject({ cells: ["Report!B2"], reason: "budget-off", budget: { left: 0, perDay: 0 } });
  const at = new Date(held.heldAt).toISOString().slice(0, 16).replace("T", " ");
  expect(matrixOf(await source.result(2))[0]![0]).toBe(
    `${read}; a refresh at ${at} UTC was held by the workbook's daily budget (0 of 0 credits left): Refresh All in the Service pane refreshes it`,
  );

  // Refresh All (the user's choice) refreshes it: new values, and the source no longer says held.
  await bench.runtime.refreshAll();
  expect(bench.runtime.held.all()).toEqual([]);
  expect(data.results).toHaveLength(2);
  expect(matrixOf(source.latest)[0]![0]).not.toMatch(/held/);
});

test("budget B: a day of ten DATASET cells never spends more than B, as the service counts it", async () => {
  await enterTen();
  const B = 3;
  bench.runtime.queries.setBudget(B);
  const before = await charged();
  await aDay();
  const spent = subtractCredits(await charged(), before);
  expect(spent).toBeGreaterThan(B / 2); // the budget was used, not ignored
  expect(spent).toBeLessThanOrEqual(B);
  expect(bench.runtime.queries.budgetState().spentToday).toBeLessThanOrEqual(B);
  expect(bench.runtime.held.all().length).toBeGreaterThan(0); // and what did not fit was held
});

test("a formula whose known size is over its cap fetches nothing and says the size, the credits and what to do", async () => {
  const first = bench.cell("DATASET", "dex", "ethereum", "limit=50");
  expect(matrixOf(await first.result())).toHaveLength(51);
  first.cancel();
  // Past the dataset's next refresh: what was read is out of date, and its size is the estimate.
  serviceClock.advance(60 * MINUTE);
  bench.clock.advance(60 * MINUTE);
  const reads = bench.fetch.count;
  const capped = bench.cell("DATASET", "dex", "ethereum", "limit=50", "max_credits=0.1");
  // The rows it has (read earlier) stay; its first header cell says why they were not fetched again, the remedy first
  // (Excel keeps 255 characters of a hover: what a cut loses is the facts' end).
  const rows = matrixOf(await capped.result());
  expect(bench.fetch.count).toBe(reads);
  expect(rows).toHaveLength(51);
  expect(errorOf(rows[0]![0]).message).toMatch(
    /^Column "chain"\. Not refreshed: Over the cap of 0\.1 credits per request: raise it with "max_credits=1" \(or the default in the Service pane's Account tab\), or narrow it with columns, filters or limit\. This read is about 27 KB \(50 rows\): 0\.5\d credits on /,
  );
});

test("a read of unknown size whose first rows are all it asked for shows them: they are paid for", async () => {
  const cell = bench.cell("DATASET", "dex", "ethereum", "limit=50", "max_credits=0.1");
  expect(matrixOf(await cell.result())).toHaveLength(51);
  expect(bench.fetch.count).toBe(1);
});
