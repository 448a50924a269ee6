import type { EncodedBody, Encoding } from "../http-common";
import { ByteBudgetLru } from "../lru";
import { DiskPages } from "./disk-pages";

/** A cached answer: exactly what the upstream sent (body and the headers the relay passes on). */
export interface CachedPage {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
  /** When the result expires upstream (its `expires_at`); never served after. */
  expiresAt: number;
}

/** A page kept in memory: the page, and the body as sent, with its compressed forms once made. */
export interface KeptPage {
  page: CachedPage;
  body: EncodedBody;
}

export interface CacheLimits {
  memoryBytes: number;
  /** Pages larger than this are streamed past and not kept. */
  pageBytes: number;
  /** Disk budget, with a directory. */
  diskBytes: number;
}

/**
 * Pages of finished executions, in memory within a byte budget (their compressed forms counted too; least recently
 * used out) and, with a directory, on disk within another, so a restart or a second process on the same disk keeps
 * them. Each instance behind a load balancer has its own: nothing breaks when requests of one pull land on different
 * instances, they only miss more often.
 */
export class ResultCache {
  readonly #memory: ByteBudgetLru<KeptPage>;
  readonly #disk: DiskPages | undefined;

  constructor(
    readonly limits: CacheLimits,
    dir: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.#memory = new ByteBudgetLru(limits.memoryBytes);
    this.#disk = dir === undefined ? undefined : new DiskPages(dir, limits.diskBytes, now);
  }

  /** Counts what the disk already holds. */
  async open(): Promise<void> {
    await this.#disk?.open();
  }

  async get(key: string): Promise<KeptPage | undefined> {
    const kept = this.#memory.get(key);
    if (kept) {
      if (kept.page.expiresAt > this.now()) return kept;
      this.#memory.delete(key);
      await this.#disk?.remove(key);
      return undefined;
    }
    const bytes = await this.#disk?.read(key);
    if (bytes === undefined) return undefined;
    const page = pageFromFile(bytes);
    if (!page || page.expiresAt <= this.now()) {
      await this.#disk?.remove(key);
      return undefined;
    }
    return this.#remember(key, page, {});
  }

  /** Keeps a page (a compressed form made while it was sent may come along). */
  async set(key: string, page: CachedPage, encoded: EncodedBody["encoded"] = {}): Promise<void> {
    if (page.expiresAt <= this.now() || page.body.length > this.limits.pageBytes) return;
    this.#remember(key, page, encoded);
    await this.#disk?.write(key, pageFile(page));
  }

  #remember(key: string, page: CachedPage, encoded: Partial<Record<Encoding, Promise<Buffer>>>): KeptPage {
    const body: EncodedBody = { contentType: page.contentType, headers: page.headers, raw: page.body, encoded };
    const kept = { page, body };
    body.onGrown = (bytes) => this.#memory.recharge(key, bytes + 256);
    this.#memory.set(key, kept, page.body.length + 256);
    void Promise.all(Object.values(encoded)).then(
      (forms) => this.#memory.recharge(key, forms.reduce((sum, f) => sum + f.length, page.body.length) + 256),
      () => undefined,
    );
    return kept;
  }
}

/** CSV pages carry no expiry; a cached one is kept this long (JSON pages use the result's own `expires_at`). */
const CSV_TTL_MS = 60 * 60 * 1000;

/**
 * Until when a page may be kept, from its envelope's top-level `state` and `expires_at` (a finished result's page,
 * until the result expires) or, for CSV, an hour; undefined for anything else.
 */
export function keptUntil(contentType: string, fields: Map<string, string>, now = Date.now()): number | undefined {
  if (contentType.includes("csv")) return now + CSV_TTL_MS;
  const state = fields.get("state");
  const expiresAt = Date.parse(fields.get("expires_at") ?? "");
  const finished = state === "QUERY_STATE_COMPLETED" || state === "QUERY_STATE_COMPLETED_PARTIAL";
  return finished && Number.isFinite(expiresAt) ? expiresAt : undefined;
}

/** On disk: one line of JSON (everything but the body, and the body's length), then the body's bytes. */
function pageFile(page: CachedPage): Buffer {
  const { body, ...head } = page;
  return Buffer.concat([Buffer.from(`${JSON.stringify({ ...head, bytes: body.length })}\n`), body]);
}

/** A page read back from disk, or undefined when the file is not one (damaged, cut off, or another version's). */
function pageFromFile(file: Buffer): CachedPage | undefined {
  const newline = file.indexOf(0x0a);
  if (newline < 0) return undefined;
  try {
    const head = JSON.parse(file.subarray(0, newline).toString("utf8")) as Partial<CachedPage> & { bytes?: unknown };
    const body = file.subarray(newline + 1);
    const whole =
      typeof head.status === "number" &&
      typeof head.contentType === "string" &&
      typeof head.expiresAt === "number" &&
      typeof head.headers === "object" &&
      head.headers !== null &&
      head.bytes === body.length;
    if (!whole) return undefined;
    return {
      status: head.status as number,
      contentType: head.contentType as string,
      headers: head.headers as Record<string, string>,
      expiresAt: head.expiresAt as number,
      body,
    };
  } catch {
    return undefined;
  }
}
