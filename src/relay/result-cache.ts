import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ByteBudgetLru } from "../lru";

/** A cached answer: exactly what the upstream sent (body and the headers the relay passes on). */
export interface CachedPage {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: string;
  /** When the result expires upstream (its `expires_at`); never served after. */
  expiresAt: number;
}

/**
 * Pages of finished executions, in memory within a byte budget (least recently used out) and, with a directory, on
 * disk too, so a restart or a second process on the same disk keeps them. Each instance behind a load balancer has
 * its own: nothing breaks when requests of one pull land on different instances, they only miss more often.
 */
export class ResultCache {
  readonly #memory: ByteBudgetLru<CachedPage>;
  #writes = 0;

  constructor(
    budgetBytes: number,
    private readonly dir: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.#memory = new ByteBudgetLru(budgetBytes);
  }

  async get(key: string): Promise<CachedPage | undefined> {
    const kept = this.#memory.get(key);
    if (kept) {
      if (kept.expiresAt <= this.now()) {
        this.#memory.delete(key);
        return undefined;
      }
      return kept;
    }
    if (!this.dir) return undefined;
    const file = this.#file(key);
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) return undefined;
    const page = parsedPage(text);
    if (!page || page.expiresAt <= this.now()) {
      await rm(file, { force: true });
      return undefined;
    }
    this.#remember(key, page);
    return page;
  }

  async set(key: string, page: CachedPage): Promise<void> {
    if (page.expiresAt <= this.now()) return;
    this.#remember(key, page);
    if (!this.dir) return;
    // Written whole then renamed, so a reader (this process or another on the same disk) never sees half a page.
    // A disk that refuses the write (full, read-only) leaves the page in memory only.
    const file = this.#file(key);
    const partial = `${file}.${process.pid}.${++this.#writes}.partial`;
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(partial, JSON.stringify(page));
      await rename(partial, file);
    } catch {
      await rm(partial, { force: true }).catch(() => undefined);
    }
  }

  #remember(key: string, page: CachedPage): void {
    this.#memory.set(key, page, page.body.length * 2 + 256);
  }

  #file(key: string): string {
    return join(this.dir as string, `${createHash("sha256").update(key).digest("hex")}.json`);
  }
}

/** A page read back from disk, or undefined when the file is not one (damaged, or from another version). */
function parsedPage(text: string): CachedPage | undefined {
  try {
    const page = JSON.parse(text) as Partial<CachedPage>;
    const whole =
      typeof page.status === "number" &&
      typeof page.contentType === "string" &&
      typeof page.body === "string" &&
      typeof page.expiresAt === "number" &&
      typeof page.headers === "object" &&
      page.headers !== null;
    return whole ? (page as CachedPage) : undefined;
  } catch {
    return undefined;
  }
}
