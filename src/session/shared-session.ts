import { createKeyStore } from "./key-store";
import { Session } from "./session";
import { createSettingsStore } from "./settings-store";
import { createDatasetRoutesItem } from "./dataset-routes";
import { COST_MEMORY_ITEM } from "./cost-memory";
import { SPENDING_ITEM } from "./spending-ledger";
import { USER_BILLING_ITEM } from "./user-billing";
import { type StringItem, storedItem } from "./user-storage";

/** Replaced at build time by webpack's DefinePlugin; undefined under jest and tsx. */
declare const SERVICE_API_BASE_URL: string | undefined;

export const FALLBACK_BASE_URL = "http://127.0.0.1:8787";

/** The build's service address, or the local service's when the constant was not defined. */
export function defaultBaseUrl(): string {
  const defined = typeof SERVICE_API_BASE_URL === "string" ? SERVICE_API_BASE_URL : undefined;
  return defined && defined.trim() !== "" ? defined : FALLBACK_BASE_URL;
}

// Symbol.for: the same slot even if two bundles (pane and functions chunks) each carry a copy of this module.
const SLOT = Symbol.for("service-addin.shared-session");

/**
 * One session per runtime, kept on globalThis so functions, pane and commands share key, client and cache.
 * Created on first use with per-user storage; `load()` is the caller's (the pane and the functions' startup do it).
 */
export function sharedSession(): Session {
  const scope = globalThis as { [SLOT]?: Session };
  scope[SLOT] ??= new Session({
    keyStore: createKeyStore(),
    settingsStore: createSettingsStore(),
    defaultBaseUrl: defaultBaseUrl(),
    datasetRoutesItem: createDatasetRoutesItem(),
    ...userBillingItems(),
  });
  return scope[SLOT];
}

/**
 * The user's own storage items a session prices and counts with (their plan, what reads and runs cost last, their
 * spending per workbook and day): without them these live only as long as the runtime, and a reload resets them.
 */
export function userBillingItems(): { billingItem: StringItem; costsItem: StringItem; spendingItem: StringItem } {
  return {
    billingItem: storedItem(USER_BILLING_ITEM),
    costsItem: storedItem(COST_MEMORY_ITEM),
    spendingItem: storedItem(SPENDING_ITEM),
  };
}

/** Tests and the playground: put a session of their own in the slot (undefined empties it). */
export function setSharedSession(session: Session | undefined): void {
  const scope = globalThis as { [SLOT]?: Session; [LOADED]?: Promise<void> };
  delete scope[LOADED];
  if (session === undefined) delete scope[SLOT];
  else scope[SLOT] = session;
}

const LOADED = Symbol.for("service-addin.shared-session-loaded");

/**
 * Reads the stored key and address of the shared session once per runtime; every caller (functions startup,
 * pane, ribbon command) awaits the same promise, so nobody sees "not signed in" while storage is being read.
 */
export function sharedSessionReady(): Promise<void> {
  const scope = globalThis as { [LOADED]?: Promise<void> };
  scope[LOADED] ??= sharedSession().load();
  return scope[LOADED];
}
