import type { Clock } from "../../clock";
import type { AuditInput, GatewayStore } from "../../team-store";
import type { StoreRetry } from "./store-retry";

/** How long an entry may wait for others before the batch is written, and how many make a batch written at once. */
export const AUDIT_DELAY_MS = 250;
export const AUDIT_BATCH_MAX = 500;

/**
 * Audit entries of requests whose answer does not wait on them (a page from the relay's cache, a refused cancel),
 * written together: each stamped when it happened, the batch written `AUDIT_DELAY_MS` after its first entry or
 * as soon as it holds `AUDIT_BATCH_MAX`. One store write (a state file rewritten and synced, a transaction) per
 * batch instead of per request; at 16 connections reading cached pages, a write per request was the gateway's
 * bottleneck. `close` writes what is pending, so a stop (SIGTERM) loses none; a store that is unavailable keeps the
 * batch with the other writes `StoreRetry` holds.
 */
export class AuditBatch {
  #pending: AuditInput[] = [];
  #timer: unknown;
  /** The batches being written, in order: the log keeps the order the requests had. */
  #writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Pick<GatewayStore, "auditAll">,
    private readonly clock: Clock,
    private readonly retry: StoreRetry,
  ) {}

  /** Entries waiting for their batch to be written. */
  get pending(): number {
    return this.#pending.length;
  }

  add(entry: AuditInput): void {
    this.#pending.push({ ...entry, at: entry.at ?? this.clock.now() });
    if (this.#pending.length >= AUDIT_BATCH_MAX) void this.flush();
    else if (this.#timer === undefined) {
      this.#timer = this.clock.setTimeout(() => {
        this.#timer = undefined;
        void this.flush();
      }, AUDIT_DELAY_MS);
      // The process stops through `flush` (the gateway's close), never by waiting on this timer.
      (this.#timer as { unref?: () => void }).unref?.();
    }
  }

  /** Writes what is pending now; resolves once every batch so far is written (or kept for a retry). */
  flush(): Promise<void> {
    if (this.#timer !== undefined) this.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length > 0) {
      const what = `audit ${batch.length} ${batch.length === 1 ? "entry" : "entries"}`;
      this.#writing = this.#writing.then(() => this.retry.run(what, () => this.store.auditAll(batch)));
    }
    return this.#writing.then(() => undefined);
  }
}
