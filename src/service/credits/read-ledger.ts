import { open, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import type { Clock } from "../../clock";

/** How long a change waits before it is written: a crash loses at most this much of the reads' credits. */
export const FLUSH_AFTER_MS = 1_000;

const FILE = "read-credits.json";

interface LedgerFile {
  version: 1;
  /** Hundredths of credits spent on reads, by `<key id>|<YYYY-MM>`. */
  hundredths: Record<string, number>;
}

/**
 * Credits spent on reads, per key (its digest prefix, never the key) and billing period, in whole hundredths.
 * Reads are many and small (tens of thousands a second), so they are counted in memory and written at most once a
 * second, and when the service stops, to `read-credits.json` in the data directory: a new file written whole and
 * synced, then renamed over the old one, so a crash leaves one or the other, never half of either. A crash loses at
 * most the last second of reads' credits. (Executions' credits are kept with their records in the store.)
 */
export class ReadLedger {
  readonly #hundredths = new Map<string, number>();
  #timer: unknown;
  #writes: Promise<void> = Promise.resolve();
  #dirty = false;
  #closed = false;

  private constructor(
    private readonly dir: string,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  static async open(dir: string, clock: Clock, log: (line: string) => void): Promise<ReadLedger> {
    const ledger = new ReadLedger(dir, clock, log);
    let text: string | undefined;
    try {
      text = await readFile(join(dir, FILE), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (text !== undefined) {
      let parsed: Partial<LedgerFile>;
      try {
        parsed = JSON.parse(text) as Partial<LedgerFile>;
      } catch (error) {
        throw new Error(
          `${join(dir, FILE)} is not a count of read credits (${(error as Error).message}); move it away to start from 0`,
        );
      }
      for (const [key, value] of Object.entries(parsed.hundredths ?? {})) {
        if (Number.isSafeInteger(value) && value >= 0) ledger.#hundredths.set(key, value);
      }
    }
    return ledger;
  }

  /** Credits spent on reads by the key in the period. */
  spent(keyId: string, periodId: string): number {
    return (this.#hundredths.get(`${keyId}|${periodId}`) ?? 0) / 100;
  }

  /** Adds a read's credits (already rounded up to the hundredth) to the key's period. */
  add(keyId: string, periodId: string, credits: number): void {
    const hundredths = Math.round(credits * 100);
    if (hundredths <= 0) return;
    const key = `${keyId}|${periodId}`;
    this.#hundredths.set(key, (this.#hundredths.get(key) ?? 0) + hundredths);
    this.#dirty = true;
    if (this.#timer === undefined && !this.#closed) {
      this.#timer = this.clock.setTimeout(() => {
        this.#timer = undefined;
        this.flush().catch((error: Error) => this.log(`read credits: could not be stored: ${error.message}`));
      }, FLUSH_AFTER_MS);
      (this.#timer as { unref?: () => void } | undefined)?.unref?.();
    }
  }

  /** Writes what changed since the last write (after any write under way). */
  flush(): Promise<void> {
    const write = this.#writes.then(() => this.#write());
    this.#writes = write.catch(() => undefined);
    return write;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #write(): Promise<void> {
    if (!this.#dirty) return;
    this.#dirty = false;
    const body: LedgerFile = { version: 1, hundredths: Object.fromEntries(this.#hundredths) };
    const target = join(this.dir, FILE);
    const temp = `${target}.tmp`;
    try {
      const file = await open(temp, "w");
      try {
        await file.writeFile(JSON.stringify(body));
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, target);
    } catch (error) {
      this.#dirty = true; // written next time
      throw error;
    }
  }
}
