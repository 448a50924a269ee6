import { createKeyStore, memorySettingsStore, Session, type KeyStore, type StringItem } from "../../../src/session";
import { createWorkbook, type PlaygroundWorkbook } from "../../../src/playground/workbook";
import { type FetchLike } from "../../../src/client";
import { systemClock, type Clock } from "../../../src/clock";
import type { PaneDeps, UserItem } from "../../../src/taskpane/logic/deps";

/** An in-memory per-user item, with what was written kept for assertions. */
export function memoryItem(initial?: string): UserItem & { value: string | undefined } {
  const item = {
    value: initial,
    get: async () => item.value,
    set: async (v: string) => {
      item.value = v;
    },
  };
  return item;
}

export interface TestPane {
  deps: PaneDeps;
  wb: PlaygroundWorkbook;
  session: Session;
  keyStore: KeyStore;
  historyItem: ReturnType<typeof memoryItem>;
}

/** Real session (memory storage) against `baseUrl`, an emulated workbook, and a memory history item. */
export async function testPane(
  baseUrl: string,
  options: {
    apiKey?: string;
    clock?: Clock;
    refreshFunctions?: () => Promise<unknown>;
    /** The client's settings (default: no retries, so failures show at once). */
    clientOptions?: ConstructorParameters<typeof Session>[0]["clientOptions"];
    fetch?: FetchLike;
    /** The user's storage items (their plan, costs, spending); memory by default. */
    billingItem?: StringItem;
    costsItem?: StringItem;
    spendingItem?: StringItem;
  } = {},
): Promise<TestPane> {
  const wb = createWorkbook();
  const keyStore = createKeyStore({});
  const session = new Session({
    keyStore,
    settingsStore: memorySettingsStore(),
    defaultBaseUrl: baseUrl,
    clientOptions: options.clientOptions ?? { retry: false },
    fetch: options.fetch,
    billingItem: options.billingItem,
    costsItem: options.costsItem,
    spendingItem: options.spendingItem,
  });
  if (options.apiKey) await session.signIn(options.apiKey, baseUrl);
  const historyItem = memoryItem();
  const deps: PaneDeps = {
    session,
    run: wb.run,
    settings: wb.Office.context.document.settings,
    historyItem,
    clock: options.clock ?? systemClock,
    refreshFunctions: options.refreshFunctions,
  };
  return { deps, wb, session, keyStore, historyItem };
}
