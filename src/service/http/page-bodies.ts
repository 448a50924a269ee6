import type { Readable } from "node:stream";
import { ByteBudgetLru } from "../../lru";
import type { EncodedBody } from "../../http-common";

/** A result page as the route answers it: a complete body (cacheable), or a stream for a page too large to hold. */
export type PageAnswer =
  | { kind: "body"; body: EncodedBody }
  | { kind: "stream"; contentType: string; headers: Record<string, string>; stream: Readable };

/** What an entry costs beside its bytes: its key, headers and bookkeeping, roughly. */
const ENTRY_OVERHEAD = 256;

/**
 * Complete response bodies of result pages, least recently used out within a byte budget. A completed result never
 * changes, so a page rendered once is served again without the engine: the pager of a spreadsheet asks the same
 * pages on every refresh, and many cells ask the same first page. Concurrent requests for one page render it once:
 * when 200 clients ask for a page that is not cached yet, the engine renders it one time, not 200.
 */
export class PageBodies {
  readonly #lru: ByteBudgetLru<EncodedBody>;
  readonly #pending = new Map<string, Promise<PageAnswer>>();

  constructor(budgetBytes: number) {
    this.#lru = new ByteBudgetLru(budgetBytes);
  }

  /** The page under `key`, from the cache, from a render in flight, or rendered now. Streams are never shared. */
  async load(key: string, render: () => Promise<PageAnswer>): Promise<PageAnswer> {
    const hit = this.#lru.get(key);
    if (hit) return { kind: "body", body: hit };
    const pending = this.#pending.get(key);
    if (pending) {
      const answer = await pending;
      return answer.kind === "body" ? answer : render();
    }
    const rendering = render();
    this.#pending.set(key, rendering);
    try {
      const answer = await rendering;
      // Charged for its raw bytes now, and for its encoded forms as callers accepting them make them.
      if (answer.kind === "body" && this.#lru.set(key, answer.body, answer.body.raw.length + ENTRY_OVERHEAD)) {
        answer.body.onGrown = (bytes) => this.#lru.recharge(key, bytes + ENTRY_OVERHEAD);
      }
      return answer;
    } finally {
      this.#pending.delete(key);
    }
  }
}
