import type { SettingsLike } from "../../excel";
import { type UsageSnapshot, reportUnexpected } from "../../session";
import type { Clock } from "../../client";
import type { PaneSession } from "./deps";
import { Store } from "./store";

/** Per-workbook totals, in document settings: they travel with the file. Counts only, never a key. */
export interface WorkbookUsage {
  creditsSpent: number;
  executions: number;
  datapointsFetched: number;
  /** ISO time the counting started (first use or last reset). */
  since: string;
}

export interface UsageState {
  session: UsageSnapshot;
  workbook: WorkbookUsage;
}

export const USAGE_SETTING = "service.usage";

const ZERO: UsageSnapshot = { creditsSpent: 0, executions: 0, datapointsFetched: 0, requests: 0 };

/** What of each session's usage has been added to the workbook: mounting the pane twice must not count twice. */
const accounted = new WeakMap<object, UsageSnapshot>();

function readWorkbook(settings: SettingsLike, now: string): WorkbookUsage {
  const v = settings.get(USAGE_SETTING) as Partial<WorkbookUsage> | null;
  const n = (x: unknown): number => (typeof x === "number" && Number.isFinite(x) && x >= 0 ? x : 0);
  return {
    creditsSpent: n(v?.creditsSpent),
    executions: n(v?.executions),
    datapointsFetched: n(v?.datapointsFetched),
    since: typeof v?.since === "string" ? v.since : now,
  };
}

/**
 * Usage per session (the session's counters: functions and pane together) and per workbook (those counters'
 * growth added to document settings). Saves are coalesced: datapoints arrive once per page.
 */
export class UsageController {
  readonly store: Store<UsageState>;
  #saving: Promise<void> | undefined;
  #dirty = false;

  constructor(private readonly deps: { session: Pick<PaneSession, "usage">; settings: SettingsLike; clock: Clock }) {
    const now = new Date(deps.clock.now()).toISOString();
    this.store = new Store<UsageState>({
      session: deps.session.usage.snapshot(),
      workbook: readWorkbook(deps.settings, now),
    });
  }

  /** Starts following the session; returns the unsubscribe. */
  start(): () => void {
    this.#absorb(this.deps.session.usage.snapshot());
    return this.deps.session.usage.onChange((snapshot) => this.#absorb(snapshot));
  }

  /** Starts the workbook's counts again from zero (the session's are the session's). */
  async resetWorkbook(): Promise<void> {
    const workbook: WorkbookUsage = {
      creditsSpent: 0,
      executions: 0,
      datapointsFetched: 0,
      since: new Date(this.deps.clock.now()).toISOString(),
    };
    this.store.set({ workbook });
    await this.#save();
  }

  /** Resolves when pending saves are done (tests, pane close). */
  async flush(): Promise<void> {
    while (this.#saving) await this.#saving;
  }

  #absorb(snapshot: UsageSnapshot): void {
    const usage = this.deps.session.usage;
    const before = accounted.get(usage) ?? ZERO;
    accounted.set(usage, snapshot);
    // A session reset makes counters go down: count from zero again rather than subtract.
    const delta = (k: keyof UsageSnapshot): number =>
      Math.max(0, snapshot[k] - (snapshot[k] >= before[k] ? before[k] : 0));
    const w = readWorkbook(this.deps.settings, this.store.state.workbook.since);
    const workbook: WorkbookUsage = {
      creditsSpent: w.creditsSpent + delta("creditsSpent"),
      executions: w.executions + delta("executions"),
      datapointsFetched: w.datapointsFetched + delta("datapointsFetched"),
      since: w.since,
    };
    this.store.set({ session: snapshot, workbook });
    // A usage listener cannot wait; a failed save is retried with the next change, so nothing rejects here.
    if (delta("creditsSpent") || delta("executions") || delta("datapointsFetched"))
      void this.#save().catch(reportUnexpected("saving the workbook's usage"));
  }

  #save(): Promise<void> {
    this.deps.settings.set(USAGE_SETTING, { ...this.store.state.workbook });
    if (this.#saving) {
      this.#dirty = true;
      return this.#saving;
    }
    this.#saving = new Promise<void>((resolve) => {
      this.deps.settings.saveAsync(() => resolve()); // a failed save is retried with the next change
    }).then(() => {
      this.#saving = undefined;
      if (this.#dirty) {
        this.#dirty = false;
        return this.#save();
      }
    });
    return this.#saving;
  }
}
