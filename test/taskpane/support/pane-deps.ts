import { createKeyStore, memorySettingsStore, Session, type KeyStore } from "../../../src/session";
import { createWorkbook, type PlaygroundWorkbook } from "../../../src/playground/workbook";
import { systemPaneClock, type PaneClock, type PaneDeps, type UserItem } from "../../../src/taskpane/logic/deps";

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
  options: { apiKey?: string; clock?: PaneClock; refreshFunctions?: () => Promise<unknown> } = {},
): Promise<TestPane> {
  const wb = createWorkbook();
  const keyStore = createKeyStore({});
  const session = new Session({
    keyStore,
    settingsStore: memorySettingsStore(),
    defaultBaseUrl: baseUrl,
    clientOptions: { retry: false },
  });
  if (options.apiKey) await session.signIn(options.apiKey, baseUrl);
  const historyItem = memoryItem();
  const deps: PaneDeps = {
    session,
    run: wb.run,
    settings: wb.Office.context.document.settings,
    historyItem,
    clock: options.clock ?? systemPaneClock,
    refreshFunctions: options.refreshFunctions,
  };
  return { deps, wb, session, keyStore, historyItem };
}

/** A clock whose time moves only when told; intervals fire on `advance`. */
export function manualPaneClock(
  start = Date.UTC(2026, 0, 15, 9, 0, 0),
): PaneClock & { advance(ms: number): void; readonly intervals: number } {
  let now = start;
  const timers = new Map<number, { cb: () => void; every: number; next: number }>();
  let id = 0;
  return {
    now: () => now,
    setInterval: (cb, every) => {
      timers.set(++id, { cb, every, next: now + every });
      return id;
    },
    clearInterval: (h) => void timers.delete(h as number),
    get intervals() {
      return timers.size;
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.values()].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.every;
        due.cb();
      }
      now = end;
    },
  };
}
