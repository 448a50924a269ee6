/**
 * Section 8 (credits), part one: what a month of a report workbook's SERVICE.DATASET cells costs, as the local
 * service charges it, run on the real add-in code (the functions runtime and a session, as in Excel) against the
 * real service, both on one manual clock. Nothing here is computed from prices: the figures are the service's own
 * count (`POST /v1/usage`, free), before and after.
 *
 * - old: what the add-in did before the automatic budget: every DATASET cell re-read on each of its dataset's
 *   refresh slots, every cell re-read when the workbook opens (once a day), no cap per read and no budget. Run as
 *   the same code with a budget and a cap too large to hold anything.
 * - budget 0 (the default now): nothing automatic; the user's own reads only (entering the cells, then one
 *   Refresh All a day, confirmed in the pane).
 * - budget B: the same user's reads, plus what the scheduled refreshes may spend within B credits a day.
 */
import { type Plan, billingPlan, subtractCredits } from "../src/billing";
import { generatedMetadata, matrixOf, settle, TestUser, waitFor, workbench } from "../test/functions/support/harness";
import type { FunctionsMetadata } from "../src/playground/custom-functions";
import { ManualClock } from "../test/support/manual-clock";
import { type TestService, TEST_KEYS, startTestService } from "../test/support/service";

/** The report's DATASET cells, one per curated dataset, as a user first writes them: the whole dataset, or its first 1,000 rows where the whole is too large to spill. */
export const REPORT_CELLS: readonly (readonly string[])[] = [
  ["avs"],
  ["operators"],
  ["dex", "ethereum"],
  ["marketshare", "dex", "ethereum"],
  ["channels"],
  ["users", "limit=1000"],
];

export type Behaviour = "old" | "budget 0" | "budget B";

export interface MonthModelOptions {
  /** Days simulated; the month is these scaled to 30. */
  days: number;
  /** Hours of each simulated day (default 24; fewer only for a quick check of the model itself). */
  hours?: number;
  /** The daily budget of the "budget B" runs. */
  budget: number;
  plans: readonly Plan[];
  cells?: readonly (readonly string[])[];
  log?: (line: string) => void;
}

export interface MonthRun {
  behaviour: Behaviour;
  plan: Plan;
  days: number;
  /** Credits the service charged for the user's own reads (entering the cells, one Refresh All a day). */
  userCredits: number;
  /** Credits the service charged for everything else (scheduled refreshes, the old re-read on open). */
  automaticCredits: number;
  /** Requests the add-in sent on its own (not the user's reads, not the usage calls). */
  automaticRequests: number;
  /** The whole simulated span's credits scaled to 30 days. */
  creditsPerMonth: number;
}

// Just after local midnight: the budget is per local day, and each simulated day runs to the next 00:07.
const START = new Date(2024, 5, 1, 0, 7);
const MINUTE = 60_000;
const STEP_MINUTES = 5;
const UNLIMITED = 1e9;
/** Which test key bills on which plan (the service prices each key's reads by its own plan). */
const KEY_OF: Record<Plan, keyof typeof TEST_KEYS> = {
  free: "demo",
  analyst: "bob",
  plus: "alice",
  enterprise: "carol",
};

export async function startMonthService(clock: ManualClock): Promise<TestService> {
  return startTestService({
    datasets: true,
    clock,
    billing: {
      demo: { plan: "free" },
      bob: { plan: "analyst" },
      alice: { plan: "plus" },
      carol: { plan: "enterprise" },
    },
  });
}

/** One behaviour on one plan over `days` days, on a fresh user and workbook. */
async function runOne(
  service: TestService,
  serviceClock: ManualClock,
  metadata: FunctionsMetadata,
  behaviour: Behaviour,
  plan: Plan,
  options: MonthModelOptions,
): Promise<MonthRun> {
  serviceClock.set(START);
  const bench = workbench(metadata, {
    baseUrl: service.url,
    apiKey: TEST_KEYS[KEY_OF[plan]],
    clock: new ManualClock(START),
    user: new TestUser(),
  });
  try {
    await bench.session.load();
    const old = behaviour === "old";
    await bench.session.billing.set({ plan: billingPlan(plan), maxCredits: old ? UNLIMITED : 100 });
    bench.runtime.queries.setBudget(old ? UNLIMITED : behaviour === "budget B" ? options.budget : 0);
    const charged = async () => (await bench.session.client().usage()).billing_periods[0]?.credits_used ?? 0;
    const first = await charged();
    let user = 0;
    let automaticRequests = 0;
    for (let day = 0; day < options.days; day++) {
      // The day's first read of every cell: entering them (day 0), then the workbook opened again: the old
      // add-in re-read every cell on open; now the user's one Refresh All a day (its pane's confirmation given).
      const before = await charged();
      bench.fetch.reset();
      if (day === 0) {
        const cells = (options.cells ?? REPORT_CELLS).map((args) => bench.cell("DATASET", ...args));
        for (const cell of cells) matrixOf(await cell.result());
      } else {
        await bench.runtime.refreshAll("manual");
        await waitFor(() => bench.runtime.queries.budgetState().inFlight.reads === 0, "the day's first reads");
      }
      const firstReads = bench.fetch.count;
      const dayFirst = subtractCredits(await charged(), before);
      // The old add-in's re-read on open was its own doing; the user's click, and entering the cells, are theirs.
      if (old && day > 0) automaticRequests += firstReads;
      else user += dayFirst;
      bench.fetch.reset();
      for (let t = 0; t < ((options.hours ?? 24) * 60) / STEP_MINUTES; t++) {
        serviceClock.advance(STEP_MINUTES * MINUTE);
        bench.clock.advance(STEP_MINUTES * MINUTE);
        await settle(20);
        await waitFor(() => bench.runtime.queries.budgetState().inFlight.reads === 0, "a step's refreshes");
      }
      automaticRequests += bench.fetch.count;
      bench.fetch.reset();
      options.log?.(`  ${behaviour}, ${plan}: day ${day + 1} of ${options.days} done`);
    }
    const total = subtractCredits(await charged(), first);
    return {
      behaviour,
      plan,
      days: options.days,
      userCredits: user,
      automaticCredits: subtractCredits(total, user),
      automaticRequests,
      creditsPerMonth: Math.round((total * 30 * 100) / options.days) / 100,
    };
  } finally {
    bench.close();
  }
}

/** Every behaviour on every plan, one after another on one service (its clock set back to the start each time). */
export async function monthModel(options: MonthModelOptions): Promise<MonthRun[]> {
  const serviceClock = new ManualClock(START);
  const [service, metadata] = await Promise.all([startMonthService(serviceClock), generatedMetadata()]);
  try {
    const runs: MonthRun[] = [];
    for (const plan of options.plans) {
      for (const behaviour of ["old", "budget 0", "budget B"] as const) {
        runs.push(await runOne(service, serviceClock, metadata, behaviour, plan, options));
      }
    }
    return runs;
  } finally {
    await service.close();
  }
}
