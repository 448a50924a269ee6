import { type SettingsView, settingsWriter, writeSettings } from "../../document-settings";
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

function readWorkbook(settings: Pick<SettingsView, "get">, now: string): WorkbookUsage {
  const v = settings.get(USAGE_SETTING) as Partial<WorkbookUsage> | null;
  const n = (x: unknown): number => (typeof x === "number" && Number.isFinite(x) && x >= 0 ? x : 0);
  return {
    creditsSpent: n(v?.creditsSpent),
    executions: n(v?.executions),
    datapointsFetched: n(v?.datapointsFetched),
    since: typeof v?.since === "string" ? v.since : now,
  };
}

type Counts = Pick<WorkbookUsage, "creditsSpent" | "executions" | "datapointsFetched">;

/**
 * Usage per session (the session's counters: functions and pane together) and per workbook (those counters'
 * growth added to document settings). Each write adds this session's growth to what the document holds then
 * (merged: a co-author's counts are kept, not replaced).
 */
export class UsageController {
  readonly store: Store<UsageState>;
  #writes: Promise<void> = Promise.resolve();

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
    const since = new Date(this.deps.clock.now()).toISOString();
    await this.#write((settings) =>
      settings.set(USAGE_SETTING, { creditsSpent: 0, executions: 0, datapointsFetched: 0, since }),
    );
  }

  /** Resolves when pending saves are done (tests, pane close). */
  async flush(): Promise<void> {
    let last: Promise<void> | undefined;
    while (last !== this.#writes) {
      last = this.#writes;
      await last;
    }
    await settingsWriter(this.deps.settings).idle();
  }

  #absorb(snapshot: UsageSnapshot): void {
    const usage = this.deps.session.usage;
    const before = accounted.get(usage) ?? ZERO;
    accounted.set(usage, snapshot);
    // A session reset makes counters go down: count from zero again rather than subtract.
    const delta = (k: keyof UsageSnapshot): number =>
      Math.max(0, snapshot[k] - (snapshot[k] >= before[k] ? before[k] : 0));
    const growth: Counts = {
      creditsSpent: delta("creditsSpent"),
      executions: delta("executions"),
      datapointsFetched: delta("datapointsFetched"),
    };
    this.store.set({ session: snapshot });
    if (!(growth.creditsSpent || growth.executions || growth.datapointsFetched)) return;
    // A usage listener cannot wait; a failed save is retried with the next write, so nothing rejects here.
    void this.#write((settings) => {
      const w = readWorkbook(settings, this.store.state.workbook.since);
      settings.set(USAGE_SETTING, {
        creditsSpent: w.creditsSpent + growth.creditsSpent,
        executions: w.executions + growth.executions,
        datapointsFetched: w.datapointsFetched + growth.datapointsFetched,
        since: w.since,
      });
    }).catch(reportUnexpected("saving the workbook's usage"));
  }

  /** Writes a step (applied at once, saved merged) and shows the workbook's totals before and after the save. */
  #write(step: (settings: SettingsView) => void): Promise<void> {
    const show = () => this.store.set({ workbook: readWorkbook(this.deps.settings, this.store.state.workbook.since) });
    const saved = writeSettings(this.deps.settings, step).catch(() => undefined); // retried with the next write
    show();
    this.#writes = this.#writes.then(() => saved).then(show);
    return this.#writes;
  }
}
