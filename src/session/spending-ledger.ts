import { addCredits } from "../billing";
import type { StringItem } from "./user-storage";

/**
 * Credits spent per workbook and local day, kept in the user's storage: what the person spent belongs to the person
 * (never to the file), and counted there it survives an unsaved reload, a second copy of the file (same workbook
 * id) and a co-author (who counts their own). Automatic spending (scheduled refreshes, refresh and re-runs on open,
 * `run=on_change`) is counted apart: the workbook's daily budget holds it.
 */
export const SPENDING_ITEM = "service-addin.spending";

/** Days kept per workbook, and workbooks kept: older ones go first. */
const DAYS_KEPT = 62;
const WORKBOOKS_KEPT = 200;

export interface DaySpending {
  reads: number;
  executions: number;
  /** Of those, what automatic refreshes and runs spent. */
  automaticReads: number;
  automaticExecutions: number;
}

export type SpendingKind = keyof DaySpending;

const pad = (n: number): string => String(n).padStart(2, "0");

/** The local calendar date of an instant: a day's budget starts again at local midnight, as the user's day does. */
export function localDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const ZERO: DaySpending = { reads: 0, executions: 0, automaticReads: 0, automaticExecutions: 0 };
const KINDS = Object.keys(ZERO) as SpendingKind[];

type Stored = Record<string, { used: number; days: Record<string, DaySpending> }>;

function parse(text: string | undefined): Stored {
  if (text === undefined) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const out: Stored = {};
    for (const [id, workbook] of Object.entries(parsed as Record<string, unknown>)) {
      const w = workbook as { used?: unknown; days?: unknown } | null;
      if (!w || typeof w.days !== "object" || w.days === null) continue;
      const days: Record<string, DaySpending> = {};
      for (const [day, value] of Object.entries(w.days as Record<string, unknown>)) {
        const v = value as Partial<DaySpending> | null;
        days[day] = Object.fromEntries(
          KINDS.map((k) => [k, typeof v?.[k] === "number" && Number.isFinite(v[k]) ? v[k]! : 0]),
        ) as unknown as DaySpending;
      }
      out[id] = { used: typeof w.used === "number" ? w.used : 0, days };
    }
    return out;
  } catch {
    return {};
  }
}

function pruned(stored: Stored): Stored {
  const ids = Object.keys(stored).sort((a, b) => stored[b]!.used - stored[a]!.used);
  const out: Stored = {};
  for (const id of ids.slice(0, WORKBOOKS_KEPT)) {
    const days = Object.keys(stored[id]!.days).sort().slice(-DAYS_KEPT);
    out[id] = { used: stored[id]!.used, days: Object.fromEntries(days.map((d) => [d, stored[id]!.days[d]!])) };
  }
  return out;
}

/**
 * The ledger: bookings are applied in memory at once and written in the background, each write reading the stored
 * item first and adding this runtime's new bookings to it, so two Excel windows of one user add up instead of one
 * overwriting the other (a write landing between the other's read and write can still be lost: storage has no
 * transactions).
 */
export class SpendingLedger {
  readonly #item: StringItem;
  readonly #listeners = new Set<() => void>();
  #stored: Stored = {};
  /** Bookings not yet written, per workbook and day. */
  #pending: Stored = {};
  #loaded: Promise<void> | undefined;
  #writing: Promise<void> | undefined;

  constructor(item: StringItem) {
    this.#item = item;
  }

  load(): Promise<void> {
    this.#loaded ??= this.#item.get().then(
      (text) => {
        this.#stored = merge(parse(text), this.#pending);
        this.#changed();
      },
      () => undefined,
    );
    return this.#loaded;
  }

  /** Adds credits (negative to correct an estimate booked earlier) to a workbook's day. */
  book(workbookId: string, day: string, kind: SpendingKind, credits: number, now: number): void {
    if (!Number.isFinite(credits) || credits === 0) return;
    for (const target of [this.#stored, this.#pending]) {
      const workbook = (target[workbookId] ??= { used: now, days: {} });
      workbook.used = now;
      const entry = (workbook.days[day] ??= { ...ZERO });
      entry[kind] = addCredits(entry[kind], credits);
    }
    this.#changed();
    this.#write();
  }

  day(workbookId: string, day: string): DaySpending {
    return { ...ZERO, ...this.#stored[workbookId]?.days[day] };
  }

  /** Every day kept for a workbook, newest first. */
  days(workbookId: string): { day: string; spending: DaySpending }[] {
    const days = this.#stored[workbookId]?.days ?? {};
    return Object.keys(days)
      .sort()
      .reverse()
      .map((day) => ({ day, spending: { ...days[day]! } }));
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves when every booking so far is written. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  #write(): void {
    if (this.#writing) return;
    this.#writing = (async () => {
      // Storage is read after loading, so bookings made before it answered are not added twice.
      await this.load();
      while (Object.keys(this.#pending).length > 0) {
        const pending = this.#pending;
        this.#pending = {};
        try {
          const current = parse(await this.#item.get());
          const next = pruned(merge(current, pending));
          await this.#item.set(JSON.stringify(next));
          // Other windows' bookings come in with each write.
          this.#stored = merge(next, this.#pending);
          this.#changed();
        } catch {
          // Storage refused: keep the bookings for the next write.
          this.#pending = merge(pending, this.#pending);
          break;
        }
      }
    })().finally(() => (this.#writing = undefined));
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // A closed pane's listener must not stop the others.
      }
    }
  }
}

/** `base` with `extra`'s bookings added. */
function merge(base: Stored, extra: Stored): Stored {
  const out: Stored = JSON.parse(JSON.stringify(base)) as Stored;
  for (const [id, workbook] of Object.entries(extra)) {
    const target = (out[id] ??= { used: workbook.used, days: {} });
    target.used = Math.max(target.used, workbook.used);
    for (const [day, spending] of Object.entries(workbook.days)) {
      const entry = (target.days[day] ??= { ...ZERO });
      for (const kind of KINDS) entry[kind] = addCredits(entry[kind], spending[kind]);
    }
  }
  return out;
}
