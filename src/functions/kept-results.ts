import { type BillingPlan, DEFAULT_PLAN } from "../billing";
import type { Session } from "../session";
import { type Admission, type AdmissionDeps, admission } from "./admission";
import type { CanonicalRequest, DocumentSettings } from "../service-cells";
import { OpenPhase, readOpenBehaviour } from "./open-phase";
import { PersistentResults } from "./persistent-results";
import { WorkbookRefreshTimes } from "./workbook-refresh-times";
import type { InvokeContext } from "./result-cache";
import type { ResultStore } from "./result-store";

export interface KeptResultsOptions {
  session: Session;
  now: () => number;
  /** The workbook's document settings (its refresh times and what it does on opening). */
  settings: () => DocumentSettings | undefined;
  store: Promise<ResultStore> | undefined;
  isLive: (key: string) => boolean;
  /** The workbook's daily automatic budget: what a cell Excel runs again on opening may spend. */
  budget: AdmissionDeps["budget"];
  /** What a request cost when last read here. */
  estimate: AdmissionDeps["estimate"];
  plan?: () => BillingPlan;
  limitBytes: number;
  openQuietMs?: number;
}

/**
 * Everything the runtime adds to its cache for a workbook that opens again: the results kept between sessions for
 * this user, the workbook's record of when each of its results was fetched, the opening burst, and the decision to
 * fetch (or to say "not loaded") for a cell with nothing current kept (docs/reports.md, "The persistent result cache").
 */
export class KeptResults {
  readonly times: WorkbookRefreshTimes;
  readonly persistent: PersistentResults;
  readonly admit: (request: CanonicalRequest, context: InvokeContext) => Admission | Error;
  readonly #options: KeptResultsOptions;
  readonly #openPhase: OpenPhase;
  /** The signed-in user's id in the current generation (a sign-out forgets what was kept for the previous one). */
  #userId: Promise<string | undefined>;

  constructor(options: KeptResultsOptions) {
    this.#options = options;
    const { session, now, settings, isLive } = options;
    this.times = new WorkbookRefreshTimes({ settings, now, isLive });
    this.persistent = new PersistentResults({ store: options.store, session, times: this.times, now });
    this.#openPhase = new OpenPhase({
      now,
      quietMs: options.openQuietMs,
      saved: (r) => this.times.holds(r),
      unrecorded: () => this.times.none(),
    });
    this.admit = admission({
      settings,
      times: this.times,
      budget: options.budget,
      estimate: options.estimate,
      now,
      plan: options.plan ?? (() => DEFAULT_PLAN),
      limitBytes: options.limitBytes,
    });
    this.#userId = session.userId();
  }

  /** A cell invoked now: whether Excel runs it again as the workbook opens, and what the workbook asks then. */
  contextFor(request: CanonicalRequest): InvokeContext {
    const opening = this.#openPhase.note(request);
    const refreshOnOpen = readOpenBehaviour(this.#options.settings()) !== "nothing";
    return { opening, refreshOnOpen, ...(this.#openPhase.unrecordedOpening() ? { unrecorded: true } : {}) };
  }

  /** After a change of key or address: a sign-out forgets what was kept for that user, at every address. */
  sessionChanged(): Promise<void> {
    const previous = this.#userId;
    this.#userId = this.#options.session.userId();
    return this.#options.session.signedIn ? Promise.resolve() : this.persistent.forgetUser(previous);
  }
}
