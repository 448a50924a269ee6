/**
 * Where each curated dataset is read from, per service address, kept in the user's storage: a dataset whose
 * endpoint answered 404 (the real service is retiring them) is read from its saved query's latest result, and
 * the next request at that address goes straight there instead of asking the gone endpoint again first.
 * Per address, not per key: whether an endpoint exists is the service's fact, the same for every user of it.
 */

import { type StorageEnvironment, detectStorageEnvironment, storedItem } from "./user-storage";

/** A dataset read through its saved query at one service address. */
export interface DatasetRoute {
  /** The saved query whose latest result answered. */
  queryId: number;
  /** When the endpoint was found gone (epoch ms). */
  since: number;
}

/** The stored item: the session's per-user storage (OfficeRuntime.storage, else localStorage), or memory. */
export interface RoutesItem {
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
}

export const DATASET_ROUTES_ITEM = "service-addin.dataset-routes";

/** The routes' item in the per-user storage, beside the key and settings (same storage, same partition prefix). */
export function createDatasetRoutesItem(env: StorageEnvironment = detectStorageEnvironment()): RoutesItem {
  return storedItem(DATASET_ROUTES_ITEM, env);
}

type Stored = Record<string, Record<string, DatasetRoute>>;

function isRoute(value: unknown): value is DatasetRoute {
  const route = value as Partial<DatasetRoute> | null;
  return (
    !!route &&
    typeof route.queryId === "number" &&
    Number.isSafeInteger(route.queryId) &&
    route.queryId > 0 &&
    typeof route.since === "number"
  );
}

/** What was stored, keeping only entries this version can read (a damaged item reads as empty). */
function parse(text: string | undefined): Stored {
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  const out: Stored = {};
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return out;
  for (const [address, datasets] of Object.entries(parsed as Record<string, unknown>)) {
    if (!datasets || typeof datasets !== "object") continue;
    const kept = Object.entries(datasets as Record<string, unknown>).filter(([, route]) => isRoute(route));
    if (kept.length > 0) out[address] = Object.fromEntries(kept) as Record<string, DatasetRoute>;
  }
  return out;
}

export function memoryRoutesItem(): RoutesItem {
  let value: string | undefined;
  return { get: async () => value, set: async (v) => void (value = v) };
}

/** The routes, read once from storage and written through on each change. */
export class DatasetRoutes {
  readonly #item: RoutesItem;
  #loaded: Promise<Stored> | undefined;

  constructor(item: RoutesItem = memoryRoutesItem()) {
    this.#item = item;
  }

  async get(baseUrl: string, dataset: string): Promise<DatasetRoute | undefined> {
    return (await this.#load())[baseUrl]?.[dataset];
  }

  async remember(baseUrl: string, dataset: string, route: DatasetRoute): Promise<void> {
    const stored = await this.#load();
    const known = stored[baseUrl]?.[dataset];
    if (known?.queryId === route.queryId) return;
    stored[baseUrl] = { ...stored[baseUrl], [dataset]: route };
    await this.#save(stored);
  }

  async forget(baseUrl: string, dataset: string): Promise<void> {
    const stored = await this.#load();
    if (!stored[baseUrl]?.[dataset]) return;
    const { [dataset]: _gone, ...rest } = stored[baseUrl];
    if (Object.keys(rest).length > 0) stored[baseUrl] = rest;
    else delete stored[baseUrl];
    await this.#save(stored);
  }

  #load(): Promise<Stored> {
    // Storage that cannot be read counts as empty: the endpoint is simply asked first again.
    this.#loaded ??= this.#item.get().then(parse, () => ({}));
    return this.#loaded;
  }

  async #save(stored: Stored): Promise<void> {
    try {
      await this.#item.set(JSON.stringify(stored));
    } catch {
      // Storage full or refused: the route still holds for this runtime (it is kept in memory above).
    }
  }
}
