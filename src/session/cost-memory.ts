import type { PerformanceChoice, ReadSize } from "../billing";
import type { StringItem } from "./user-storage";

/**
 * What reads and executions cost when they were last made, per service address, kept in the user's storage so the
 * next estimate of the same read (a dataset's scheduled refresh, a table's refresh, Refresh All's confirmation) is
 * its last size, not a guess, across reloads. Reads are keyed by their canonical request (path and shared
 * parameters: never a key); executions by query and tier. Only the most recent entries are kept.
 */
export const COST_MEMORY_ITEM = "service-addin.costs";

/** Entries kept per kind: the oldest go first. */
const MAX_ENTRIES = 400;

interface ReadEntry extends ReadSize {
  at: number;
}

interface Stored {
  reads: Record<string, ReadEntry>;
  executions: Record<string, { credits: number; at: number }>;
}

function isReadEntry(value: unknown): value is ReadEntry {
  const v = value as Partial<ReadEntry> | null;
  return (
    !!v &&
    Array.isArray(v.pageBytes) &&
    v.pageBytes.every((b) => typeof b === "number" && b >= 0) &&
    typeof v.rows === "number" &&
    typeof v.at === "number"
  );
}

function parse(text: string | undefined): Stored {
  const empty: Stored = { reads: {}, executions: {} };
  if (text === undefined) return empty;
  try {
    const parsed = JSON.parse(text) as Partial<Stored> | null;
    for (const [key, entry] of Object.entries(parsed?.reads ?? {})) if (isReadEntry(entry)) empty.reads[key] = entry;
    for (const [key, entry] of Object.entries(parsed?.executions ?? {})) {
      if (typeof entry?.credits === "number" && typeof entry.at === "number") empty.executions[key] = entry;
    }
  } catch {
    // Damaged: estimates start again from nothing known.
  }
  return empty;
}

function trim<T extends { at: number }>(entries: Record<string, T>): Record<string, T> {
  const keys = Object.keys(entries);
  if (keys.length <= MAX_ENTRIES) return entries;
  const kept = keys.sort((a, b) => entries[b]!.at - entries[a]!.at).slice(0, MAX_ENTRIES);
  return Object.fromEntries(kept.map((k) => [k, entries[k]!]));
}

export class CostMemory {
  readonly #item: StringItem;
  #stored: Stored = { reads: {}, executions: {} };
  #loaded: Promise<void> | undefined;
  #writing: Promise<void> | undefined;
  #dirty = false;

  constructor(item: StringItem) {
    this.#item = item;
  }

  /** Reads the stored costs once; until then nothing is known (estimates say so). */
  load(): Promise<void> {
    this.#loaded ??= this.#item.get().then(
      (text) => {
        const stored = parse(text);
        // What this runtime learnt before the storage answered wins over what was stored.
        this.#stored = {
          reads: { ...stored.reads, ...this.#stored.reads },
          executions: { ...stored.executions, ...this.#stored.executions },
        };
      },
      () => undefined,
    );
    return this.#loaded;
  }

  read(baseUrl: string, requestKey: string): (ReadSize & { at: number }) | undefined {
    return this.#stored.reads[`${baseUrl} ${requestKey}`];
  }

  rememberRead(baseUrl: string, requestKey: string, size: ReadSize, at: number): void {
    this.#stored.reads = trim({ ...this.#stored.reads, [`${baseUrl} ${requestKey}`]: { ...size, at } });
    this.#save();
  }

  /** What the last run of this query on this tier cost, as the service reported it. */
  execution(baseUrl: string, queryId: number, performance: PerformanceChoice): number | undefined {
    return this.#stored.executions[`${baseUrl} ${queryId} ${performance}`]?.credits;
  }

  rememberExecution(
    baseUrl: string,
    queryId: number,
    performance: PerformanceChoice,
    credits: number,
    at: number,
  ): void {
    const key = `${baseUrl} ${queryId} ${performance}`;
    this.#stored.executions = trim({ ...this.#stored.executions, [key]: { credits, at } });
    this.#save();
  }

  /** Resolves when what was remembered so far is written (tests, the pane closing). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  #save(): void {
    if (this.#writing) {
      this.#dirty = true;
      return;
    }
    this.#writing = this.#item
      .set(JSON.stringify(this.#stored))
      .catch(() => undefined) // storage full or refused: the costs still hold for this runtime
      .then(() => {
        this.#writing = undefined;
        if (this.#dirty) {
          this.#dirty = false;
          this.#save();
        }
      });
  }
}
