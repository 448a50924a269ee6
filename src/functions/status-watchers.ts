import { type ExecutionStatus, type ServiceClient, isTerminal } from "../client";
import type { Clock } from "../clock";
import { reportUnexpected } from "../session";
import { isFinalError } from "./final-errors";

export type StatusUpdate = { status: ExecutionStatus } | { error: unknown };
export type StatusListener = (update: StatusUpdate) => void;

export interface StatusWatchersOptions {
  client: () => ServiceClient;
  clock: Clock;
  /** First wait between polls; grows by half each poll up to `maxPollMs`. */
  firstPollMs?: number;
  maxPollMs?: number;
}

interface Watch {
  listeners: Set<StatusListener>;
  last?: StatusUpdate;
  timer?: unknown;
  polling: boolean;
  delay: number;
  /** Finished, or an error that polling again cannot fix (until the session changes). */
  done: boolean;
  /** Bumped by every poll and stop: an answer to an older poll is dropped. */
  token: number;
}

/**
 * One poller per execution id, however many cells watch it (STATUS cells, and RESULTS cells waiting for a run
 * to finish). A finished status is kept forever: it never changes, so a STATUS cell on an old run costs one request.
 */
export class StatusWatchers {
  readonly #watches = new Map<string, Watch>();
  readonly #options: Required<StatusWatchersOptions>;
  requests = 0;

  constructor(options: StatusWatchersOptions) {
    // `??`, not a spread of defaults: callers pass undefined for "not set".
    this.#options = { ...options, firstPollMs: options.firstPollMs ?? 1000, maxPollMs: options.maxPollMs ?? 5000 };
  }

  watch(executionId: string, listener: StatusListener): () => void {
    let watch = this.#watches.get(executionId);
    if (!watch) {
      watch = { listeners: new Set(), polling: false, delay: this.#options.firstPollMs, done: false, token: 0 };
      this.#watches.set(executionId, watch);
    }
    watch.listeners.add(listener);
    if (watch.last) listener(watch.last);
    if (!watch.done && !watch.polling) this.#start(executionId, watch);
    const current = watch;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0) this.#stop(current);
    };
  }

  /** The session changed: what was known may not hold for the new key. Watched ids are polled again now. */
  restart(): void {
    for (const [id, watch] of this.#watches) {
      this.#stop(watch);
      watch.last = undefined;
      watch.done = false;
      watch.delay = this.#options.firstPollMs;
      if (watch.listeners.size > 0) this.#start(id, watch);
      else this.#watches.delete(id);
    }
  }

  dispose(): void {
    for (const watch of this.#watches.values()) {
      watch.listeners.clear();
      this.#stop(watch);
    }
  }

  #stop(watch: Watch): void {
    if (watch.timer !== undefined) this.#options.clock.clearTimeout(watch.timer);
    watch.timer = undefined;
    watch.polling = false;
    watch.token++;
  }

  async #poll(executionId: string, watch: Watch): Promise<void> {
    watch.polling = true;
    watch.timer = undefined;
    const token = ++watch.token;
    let update: StatusUpdate;
    let done: boolean;
    try {
      this.requests++;
      const status = await this.#options.client().status(executionId);
      update = { status };
      done = isTerminal(status);
    } catch (error) {
      update = { error };
      done = isFinalError(error);
    }
    // Stopped (no listeners, or restarted) while the request was out: this answer belongs to nobody.
    if (token !== watch.token || this.#watches.get(executionId) !== watch) return;
    watch.last = update;
    watch.done = done;
    // Network trouble or a rate limit: keep trying, but slower.
    const grow = "error" in update ? 2 : 1.5;
    watch.delay = Math.min("error" in update ? 30_000 : this.#options.maxPollMs, Math.round(watch.delay * grow));
    for (const listener of [...watch.listeners]) listener(update);
    if (watch.done || watch.listeners.size === 0) {
      watch.polling = false;
      return;
    }
    watch.timer = this.#options.clock.setTimeout(() => this.#start(executionId, watch), watch.delay);
  }

  /** Polls without waiting: #poll hands every answer and error to the listeners, it does not reject. */
  #start(executionId: string, watch: Watch): void {
    void this.#poll(executionId, watch).catch(reportUnexpected("polling an execution's status"));
  }
}
