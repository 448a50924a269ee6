/**
 * Section 8: credits. What a month of a report workbook's DATASET cells costs before and after the automatic
 * budget, and what a 1,000,000-row pull costs and how it fares under the Free plan's read limit, each counted by
 * the local service itself. No targets: these are the figures the billing choices rest on.
 */
import type { Plan } from "../src/billing";
import { formatCredits } from "../src/billing";
import { datasetEntry } from "../src/client";
import type { BenchOptions } from "./args";
import { REPORT_CELLS, monthModel } from "./credits-month";
import { rateLimitedPulls } from "./credits-pull";
import { emptySection, type SectionResult } from "./report";
import { num } from "./stats";

const PLANS: readonly Plan[] = ["free", "plus"];
const BUDGET = 10;
const READS_PER_MINUTE = 40;

/** Automatic refreshes a day the catalog's schedules call for, one per slot per cell: the model's cross-check. */
function slotsPerDay(): number {
  let slots = 0;
  for (const args of REPORT_CELLS) {
    const schedule = datasetEntry(args[0] ?? "")?.schedule;
    if (schedule?.kind === "every") slots += (24 * 60) / schedule.minutes;
    else if (schedule) slots += 1;
  }
  return slots;
}

export async function creditsSection(options: BenchOptions, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection("credits", "8. Credits");
  const days = options.quick ? 1 : 7;
  const month = await monthModel({ days, budget: BUDGET, plans: PLANS, log });
  const cellsText = REPORT_CELLS.map((a) => `(${a.map((s) => `"${s}"`).join(",")})`).join(" ");
  section.tables.push({
    caption:
      `A month of the report's ${REPORT_CELLS.length} DATASET cells ${cellsText}: ${days} simulated day(s) on the manual ` +
      `clock, scaled to 30 days; credits as the local service charged them`,
    head: ["Behaviour", "Plan", "User's reads", "Automatic", "Automatic requests", "Credits a month"],
    rows: month.map((r) => [
      r.behaviour === "budget B" ? `budget ${BUDGET}/day` : r.behaviour,
      r.plan,
      formatCredits(r.userCredits),
      formatCredits(r.automaticCredits),
      num(r.automaticRequests),
      formatCredits(r.creditsPerMonth),
    ]),
  });
  const expected = slotsPerDay() * days + REPORT_CELLS.length * (days - 1);
  const oldRuns = month.filter((r) => r.behaviour === "old");
  section.notes.push(
    `Old behaviour: every cell re-read on each slot of its dataset's schedule (the catalog's: ${slotsPerDay()} slots a day ` +
      `for these cells) and on open (once a day), no cap, no budget: ${expected} automatic requests expected over ` +
      `${days} day(s), ${oldRuns.map((r) => `${r.automaticRequests} made on ${r.plan}`).join(", ")}. ` +
      `New defaults: the user enters the cells on day 1 and presses Refresh All once on each later day; budget 0 makes ` +
      `no automatic request; budget ${BUDGET} refreshes what fits in ${BUDGET} credits a day (the day's budget ` +
      `is counted per local day; the last step of each simulated day reaches 00:07 the next morning).`,
  );
  for (const plan of PLANS) {
    const of = (b: string) => month.find((r) => r.plan === plan && r.behaviour === b)!.creditsPerMonth;
    section.headline.push(
      `Credits a month, report of ${REPORT_CELLS.length} DATASET cells on ${plan}: old ${formatCredits(of("old"))}, ` +
        `budget 0 ${formatCredits(of("budget 0"))}, budget ${BUDGET}/day ${formatCredits(of("budget B"))}`,
    );
  }

  const pulls = await rateLimitedPulls({ readsPerMinute: READS_PER_MINUTE, plan: "free", log });
  section.tables.push({
    caption:
      `1,000,000 x 10 (query 1003's result, by execution id, JSON) on the Free plan under --rate-limit-read ` +
      `${READS_PER_MINUTE} (fixed one-minute windows; the service has no shorter window)`,
    head: ["Way", "Requests", "Refused (429)", "Seconds", "Credits", "Pulls a minute within the limit"],
    rows: pulls.runs.map((r) => [
      r.way,
      num(r.requests),
      num(r.refused),
      r.seconds.toFixed(1),
      formatCredits(r.credits),
      num(Math.floor(READS_PER_MINUTE / Math.max(1, r.requests - r.refused))),
    ]),
  });
  section.notes.push(
    "The pulls run against a service in the bench's own process (its clock moved a minute on between ways, so each " +
      "starts with a fresh rate window): client and service share one event loop, so the seconds are slower than " +
      "section 1's and the large pages (up to 50 MB each, fetched fewer at once to bound memory) pay for that most.",
  );
  const by = (way: string) => pulls.runs.find((r) => r.way === way)!;
  const official = by("official");
  const large = by("ours, as large as the cap allows");
  section.headline.push(
    `1,000,000-row pull on Free under ${READS_PER_MINUTE} reads/min: official ${official.requests} requests ` +
      `${official.seconds.toFixed(1)} s ${formatCredits(official.credits)} credits; ours with large pages ` +
      `${large.requests} requests ${large.seconds.toFixed(1)} s ${formatCredits(large.credits)} credits`,
  );
  return section;
}
