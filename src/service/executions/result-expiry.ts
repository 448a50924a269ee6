import { rm } from "node:fs/promises";
import type { Clock } from "../../clock";
import type { ExecutionStore } from "../store/execution-store";
import { STATES, type ExecutionRecord } from "./execution-record";

/** How often a pass looks for results past their expiry. */
export const EXPIRY_PASS_MS = 60_000;
/** How long a pass that found too many results due at once waits before looking at the clock again. */
export const SECOND_LOOK_MS = 60 * 60_000;
/** The second look counts only if the clock moved about as far as the wait: a timer may fire late, never early. */
const SECOND_LOOK_LATE_MS = 10 * 60_000;
/** The share of the stored results one pass may expire without a second look. */
const AT_ONCE_SHARE = 0.1;

interface FirstLook {
  /** The clock's reading when the pass found too many due. */
  at: number;
  ids: ReadonlySet<string>;
}

/**
 * When executions expire: 90 days after they end, their state becomes EXPIRED and their result file is deleted.
 *
 * The deleting is where a wrong clock would do harm: a machine that starts with its clock months fast (a dead RTC
 * battery, a VM restored from an old snapshot, NTP not yet synchronised) would otherwise delete every stored result
 * in its first pass. So reading and deleting are apart:
 * - A reader sees a result past its expiry as EXPIRED at once (`view`), whether or not its file is gone yet; nothing
 *   is changed by looking, so a clock put right makes it readable again.
 * - Files are deleted only by passes, every minute. A pass expires what is due when that is at most a tenth of the
 *   stored results. When more is due at once it expires nothing, logs so, and looks again an hour later; if the
 *   clock then still puts those results past expiry, and it moved by about the hour waited, they are expired.
 * Each pass that does something logs one line (counts and the clock's reading; never a key or a path).
 */
export class ResultExpiry {
  #firstLook: FirstLook | undefined;
  /** Passes run one after another, each reading the clock when it begins. */
  #passes: Promise<void> = Promise.resolve();
  #timer: unknown;
  #closed = false;

  constructor(
    private readonly records: ReadonlyMap<string, ExecutionRecord>,
    private readonly store: ExecutionStore,
    private readonly options: { clock: Clock; log: (line: string) => void },
  ) {}

  /** The record as readers see it: past its expiry it reads as EXPIRED, without a result, even before a pass. */
  view(record: ExecutionRecord): ExecutionRecord {
    if (record.state === STATES.expired || !this.#due(record, this.options.clock.now())) return record;
    return { ...record, state: STATES.expired, resultFile: undefined };
  }

  /** A pass, after any already under way; passes then follow every minute (an hour after a refusal) until `close`. */
  sweep(): Promise<void> {
    const pass = this.#passes.then(() => this.#pass());
    this.#passes = pass.catch(() => undefined);
    return pass;
  }

  /**
   * Expires a result now, for a reason other than its age (a curated snapshot over the disk budget): not subject to
   * the clock's checks, since no clock reading decided it.
   */
  async expireNow(record: ExecutionRecord): Promise<void> {
    record.expiresAt = Math.min(record.expiresAt ?? Infinity, this.options.clock.now());
    await this.#expire(record);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.options.clock.clearTimeout(this.#timer);
    await this.#passes;
  }

  async #pass(): Promise<void> {
    if (this.#closed) return;
    const { clock, log } = this.options;
    const now = clock.now();
    const live = [...this.records.values()].filter((r) => r.state !== STATES.expired && r.expiresAt !== undefined);
    const due = live.filter((r) => this.#due(r, now));
    const reading = `the clock reads ${new Date(now).toISOString()}`;
    const first = this.#firstLook;
    let next = EXPIRY_PASS_MS;
    try {
      if (due.length <= Math.floor(live.length * AT_ONCE_SHARE)) {
        this.#firstLook = undefined;
        await this.#expireAll(due);
        if (due.length) log(`expiry: expired ${due.length} of ${live.length} results past their 90 days (${reading})`);
        else if (first) log(`expiry: an hour later no result is past its 90 days any more (${reading}): none expired`);
      } else if (first && now >= first.at && now - first.at < SECOND_LOOK_MS) {
        // A pass asked for before the hour is up: keep waiting for the second look.
        next = first.at + SECOND_LOOK_MS - now;
      } else if (first && now - first.at >= SECOND_LOOK_MS && now - first.at <= SECOND_LOOK_MS + SECOND_LOOK_LATE_MS) {
        this.#firstLook = undefined;
        const confirmed = due.filter((r) => first.ids.has(r.executionId));
        await this.#expireAll(confirmed);
        log(
          `expiry: an hour later ${reading} and still puts ${confirmed.length} of ${live.length} results past ` +
            `their 90 days: expired them`,
        );
      } else {
        this.#firstLook = { at: now, ids: new Set(due.map((r) => r.executionId)) };
        next = SECOND_LOOK_MS;
        const moved = first ? `; it moved ${hours(now - first.at)} since its last look an hour ago` : "";
        log(
          `expiry: ${reading}${moved}, which puts ${due.length} of ${live.length} results past their 90 days, ` +
            `more than a tenth at once: none expired; looking at the clock again in an hour`,
        );
      }
    } finally {
      this.#arm(next);
    }
  }

  #due(record: ExecutionRecord, now: number): boolean {
    return record.expiresAt !== undefined && now >= record.expiresAt;
  }

  /** One at a time: each deletion is a small step, and requests are served between them. */
  async #expireAll(records: readonly ExecutionRecord[]): Promise<void> {
    for (const record of records) if (!this.#closed) await this.#expire(record);
  }

  async #expire(record: ExecutionRecord): Promise<void> {
    if (record.state === STATES.expired) return;
    record.state = STATES.expired;
    const file = record.resultFile;
    record.resultFile = undefined;
    // The record first: a crash between the two leaves a stray file, never a record pointing at no file.
    await this.store.save(record);
    if (file) await rm(file, { force: true });
  }

  #arm(ms: number): void {
    if (this.#closed) return;
    this.options.clock.clearTimeout(this.#timer);
    this.#timer = this.options.clock.setTimeout(() => {
      this.sweep().catch((error: Error) => this.options.log(`expiry: a pass failed: ${error.message}`));
    }, ms);
    // A pending pass must not keep the process alive (the system clock's timers are Node's).
    (this.#timer as { unref?: () => void } | undefined)?.unref?.();
  }
}

function hours(ms: number): string {
  return `${(ms / 3_600_000).toFixed(1)} h`;
}
