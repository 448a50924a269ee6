import {
  type BillingPlan,
  GROWTH_ALLOWANCE,
  PROBE_ROWS,
  type ReadEstimate,
  addCredits,
  bytesPerRow,
  bytesWithin,
  estimateAgain,
  estimateRows,
  readCredits,
  readSizeOf,
} from "../billing";
import { LARGE_PAGE_BYTES, type Page, type PagingParams, type ReadRecord } from "../client";
import type { CostMemory } from "./cost-memory";
import { BudgetHeldError, OverCapError } from "./read-cost-errors";

/** Part of a budget held for a read while it goes (the workbook's automatic budget). */
export interface ReadBudget {
  readonly estimate: number;
  /** Books credits as they are spent. */
  book(credits: number): void;
  /** Asks for more room when the rest proved dearer than held: true if the budget had it (and holds it now). */
  grow(credits: number): boolean;
}

export interface ReadMeterOptions {
  plan: BillingPlan;
  costs: CostMemory;
  baseUrl: string;
  /** The read's canonical key (path and shared parameters): its last size is kept under it. */
  requestKey: string;
  /** The most the whole read may spend (a cell's `max_credits`, the user's default). */
  capCredits: number;
  /** Where the cap's message points the user: a cell's option, or the pane's Account tab. */
  where: "cell" | "pane";
  /** For automatic reads: the budget's reservation. */
  budget?: ReadBudget;
  /** Rows the caller wants at most (its `limit`). */
  limit?: number;
  /**
   * The first page is a preview of PROBE_ROWS rows whatever is known of the read, so that a question about the rest
   * (the pane's insert) comes before any larger page is paid for.
   */
  preview?: boolean;
  now(): number;
}

/**
 * One read, priced as it goes. Before any request: the estimate from its last size, refused (nothing fetched) when
 * over the cap. Then its pages: the first asks for at most the rows it had last time plus the growth allowance (or,
 * with no size known, PROBE_ROWS rows, to learn what a row weighs); the rest is estimated again from what that page
 * reports (total rows, bytes a row now weighs) and is not asked for when it would pass the cap or the automatic
 * budget's room. So what a read spends can pass its estimate by one page's overshoot at most. Later pages are as
 * large as the cap allows (up to LARGE_PAGE_BYTES): fewer requests under a per-minute limit. Each request is booked
 * at its exact size as it arrives; a complete read's size is remembered for the next estimate.
 */
export class ReadMeter {
  readonly estimate: ReadEstimate | undefined;
  readonly #options: ReadMeterOptions;
  readonly #known: { rows: number } | undefined;
  /** Body bytes of each billed request, in order: the size kept for the next estimate. */
  readonly #requests: number[] = [];
  #spent = 0;
  #bytes = 0;
  #rows = 0;
  /** The most the read may spend: the cap, or less once the user agreed to a figure (`holdTo`). */
  #cap: number;

  constructor(options: ReadMeterOptions) {
    this.#options = options;
    this.#cap = options.capCredits;
    const known = options.costs.read(options.baseUrl, options.requestKey);
    this.#known = known;
    this.estimate = known ? estimateAgain(known, options.plan) : undefined;
  }

  /** Throws OverCapError when the read may not start: a cap of 0, or a known size over the cap. */
  check(): void {
    const { capCredits: cap, plan } = this.#options;
    if (cap <= 0) throw new OverCapError({ cap, where: this.#options.where });
    const e = this.estimate;
    if (e && e.credits > cap) {
      throw new OverCapError({
        cap,
        where: this.#options.where,
        facts: { bytes: e.bytes, rows: e.rows, credits: e.credits, plan, spent: 0 },
      });
    }
  }

  /** What to add to the read's paging parameters. */
  params(): Pick<PagingParams, "firstPageRows" | "maxPageBytes" | "onRead"> {
    const known = this.#known;
    // A read with no cap and no budget (a tool whose own budget priced it whole) has nothing to learn first.
    const priced = Number.isFinite(this.#options.capCredits) || this.#options.budget !== undefined;
    const firstPageRows =
      known && !this.#options.preview
        ? Math.ceil(known.rows * (1 + GROWTH_ALLOWANCE)) + 1
        : priced
          ? PROBE_ROWS
          : undefined;
    const maxPageBytes = Math.min(LARGE_PAGE_BYTES, bytesWithin(this.#options.capCredits, this.#options.plan));
    return { ...(firstPageRows === undefined ? {} : { firstPageRows }), maxPageBytes, onRead: (r) => this.#read(r) };
  }

  /** Rows its pages brought so far. */
  get rowsRead(): number {
    return this.#rows;
  }

  /** Credits spent on this read so far. */
  get spent(): number {
    return this.#spent;
  }

  /**
   * The whole read as the pages so far price it: what came, plus the rest at the bytes a row weighed (undefined
   * before the first page). `complete` once no page follows.
   */
  get whole(): (ReadEstimate & { complete: boolean }) | undefined {
    return this.#whole;
  }

  #whole: (ReadEstimate & { complete: boolean }) | undefined;

  /**
   * The most the whole read will spend, once the pages so far priced it: what came, plus the rest at the heavier of
   * the rows so far with the growth allowance and the rows of `tail` (a sample of the result's last rows: rows
   * further on often weigh more, as ids and amounts grow), within the cap. The figure a question states and `holdTo`
   * keeps.
   */
  ceiling(tail?: { bytes: number; rows: number }): number | undefined {
    const whole = this.#whole;
    const own = bytesPerRow({ bytes: this.#bytes, rows: this.#rows });
    if (!whole || own === undefined) return undefined;
    const rowBytes = Math.max(own * (1 + GROWTH_ALLOWANCE), (tail && bytesPerRow(tail)) ?? 0);
    const rest = estimateRows(whole.rows - this.#rows, rowBytes, this.#options.plan, LARGE_PAGE_BYTES);
    return Math.min(this.#cap, addCredits(this.#spent, rest.credits));
  }

  /** Holds the rest of the read to `credits` in all (the figure the user agreed to): a page that would pass it stops. */
  holdTo(credits: number): void {
    this.#cap = Math.min(this.#cap, credits);
    this.#agreed = true;
  }

  #agreed = false;

  /**
   * After each page: where more pages follow, whether the rest may be fetched. Throws OverCapError (over the cap)
   * or BudgetHeldError (an automatic read the budget has no more room for); the caller stops there.
   */
  page(page: Page): void {
    this.#rows += page.rows.length;
    const complete = page.nextOffset === undefined;
    this.#whole = { bytes: this.#bytes, credits: this.#spent, rows: this.#rows, complete };
    if (complete) return;
    const limit = this.#options.limit;
    const total = page.totalRowCount;
    const end = total === undefined ? limit : limit === undefined ? total : Math.min(total, limit);
    // The rows asked for have all come (the service offers more past a `limit`): nothing more to price or refuse.
    if (end !== undefined && end <= this.#rows) {
      this.#whole = { ...this.#whole, complete: true };
      return;
    }
    const rowBytes = bytesPerRow({ bytes: this.#bytes, rows: this.#rows });
    if (end === undefined || rowBytes === undefined) {
      // No total (CSV): the rest cannot be priced ahead; stop once the cap is passed.
      if (this.#spent > this.#cap) this.#overCap(this.#spent, this.#bytes, undefined);
      return;
    }
    const rest = estimateRows(end - this.#rows, rowBytes, this.#options.plan, LARGE_PAGE_BYTES);
    const whole = addCredits(this.#spent, rest.credits);
    const bytes = this.#bytes + rest.bytes;
    this.#whole = { bytes, credits: whole, rows: end, complete: false };
    if (whole > this.#cap) this.#overCap(whole, bytes, end);
    const budget = this.#options.budget;
    if (budget && whole > budget.estimate && !budget.grow(addCredits(whole, -budget.estimate))) {
      this.#rememberWhole(bytes, end);
      throw new BudgetHeldError({ bytes, rows: end, credits: whole, plan: this.#options.plan, spent: this.#spent });
    }
  }

  /**
   * The read ended (complete, or stopped where the spill limit stopped it): its size is the next estimate, under its
   * own key or another (a table bound to it is refreshed by its name).
   */
  remember(requestKey = this.#options.requestKey): void {
    const { costs, baseUrl, now } = this.#options;
    if (this.#requests.length === 0) return;
    const size = readSizeOf(this.#requests.map((bytes) => ({ bytes, rows: 0 })));
    costs.rememberRead(baseUrl, requestKey, { ...size, rows: this.#rows }, now());
  }

  #read(record: ReadRecord): void {
    if (!record.billed) return;
    const credits = readCredits(record.bytes, this.#options.plan);
    this.#spent = addCredits(this.#spent, credits);
    this.#bytes += record.bytes;
    this.#requests.push(record.bytes);
    this.#options.budget?.book(credits);
  }

  /**
   * A read stopped after its first pages: the whole's estimate is remembered as its size, so the next attempt is
   * priced (and refused, if it still does not fit) before anything is fetched.
   */
  #rememberWhole(bytes: number, rows: number): void {
    const { costs, baseUrl, requestKey, now } = this.#options;
    costs.rememberRead(baseUrl, requestKey, { pageBytes: [bytes], rows }, now());
  }

  #overCap(credits: number, bytes: number, rows: number | undefined): never {
    if (rows !== undefined) this.#rememberWhole(bytes, rows);
    const facts = {
      bytes,
      credits,
      plan: this.#options.plan,
      spent: this.#spent,
      ...(rows === undefined ? {} : { rows }),
    };
    throw new OverCapError({
      cap: this.#cap,
      where: this.#agreed ? "agreed" : this.#options.where,
      facts,
    });
  }
}
