import { createHash } from "node:crypto";

/**
 * Which keys the upstream has let read which executions, remembered for a short time. Keys are held only as
 * SHA-256 digests: the relay stores no key. A cached page is served to a key only while its entry here is fresh.
 */
export class KeyAuthorizations {
  readonly #granted = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  static digest(key: string): string {
    return createHash("sha256").update(key, "utf8").digest("hex");
  }

  allowed(keyDigest: string, executionId: string): boolean {
    const at = this.#granted.get(`${keyDigest}|${executionId}`);
    return at !== undefined && this.now() - at < this.ttlMs;
  }

  grant(keyDigest: string, executionId: string): void {
    if (this.#granted.size > 100_000) this.#granted.clear(); // bounded: a flood of keys cannot grow it forever
    this.#granted.set(`${keyDigest}|${executionId}`, this.now());
  }
}
