import { statfsSync } from "node:fs";
import { isDiskFull } from "./disk-full";

/** How much free space must come back, beyond what was free when a write failed, before writes are tried again. */
const RECOVERED_BYTES = 1024 * 1024;

/**
 * Knows whether the data directory's disk is full. A write that fails for want of space (the store's log, a result
 * file, a spill file) marks it full; from then on new executions are refused without trying (an execute answers 507)
 * until the free space has grown by a megabyte over what was free at the failure, which is checked on each attempt
 * (one `statfs`, microseconds). Reads never ask.
 */
export class DiskGuard {
  #fullAt: { freeBytes: number } | undefined;

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Records a failed write; true when it failed because the disk is full. */
  noteFailure(error: unknown): boolean {
    if (!isDiskFull(error)) return false;
    if (!this.#fullAt) {
      this.#fullAt = { freeBytes: this.freeBytes() };
      this.log(`the data directory's disk is full (${this.#fullAt.freeBytes} bytes free): new executions are refused`);
    }
    return true;
  }

  /** False while the disk is full and no space has come back since. */
  writable(): boolean {
    if (!this.#fullAt) return true;
    const free = this.freeBytes();
    if (free < this.#fullAt.freeBytes + RECOVERED_BYTES) return false;
    this.#fullAt = undefined;
    this.log(`the data directory's disk has space again (${free} bytes free): new executions are accepted`);
    return true;
  }

  private freeBytes(): number {
    try {
      const s = statfsSync(this.dir);
      return s.bavail * s.bsize;
    } catch {
      return 0;
    }
  }
}
