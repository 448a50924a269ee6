import { IDBFactory } from "fake-indexeddb";
import { DEFAULT_PLAN } from "../../src/billing";
import { admission } from "../../src/functions/admission";
import {
  type CachedTable,
  datasetRequest,
  defaultCellOptions,
  NotLoadedError,
  readRefreshTimes,
  recordRefreshTimes,
  type RefreshTimes,
  resultsRequest,
} from "../../src/service-cells";
import { OPEN_BEHAVIOUR_SETTING, OpenPhase } from "../../src/functions/open-phase";
import { PersistentResults } from "../../src/functions/persistent-results";
import { Reservation } from "../../src/functions/reservation";
import type { BudgetState } from "../../src/functions/automatic-budget";
import { WorkbookRefreshTimes } from "../../src/functions/workbook-refresh-times";
import { openResultStore, type ResultStore } from "../../src/functions/result-store";
import { Session, memorySettingsStore } from "../../src/session";
import { ManualClock, flush } from "../support/manual-clock";
import { TestDocument, memoryKeyStore } from "./support/harness";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const KEY = "sk-live-6f1e0c2b9a8d7e6f5a4b3c2d1e0f9a8b";
const options = defaultCellOptions();
const dataset = datasetRequest("avs", [], defaultCellOptions());
const execution = resultsRequest("01HZX3NDEKTSV4RRFFQ69G5FAV", [], options);
const latest = resultsRequest(1001, [], options);

/** Writes refresh times into the document as the headless refresh (or a co-author's add-in) does. */
function storeTimes(document: TestDocument, updates: Partial<RefreshTimes>): void {
  const settings = document.settings();
  recordRefreshTimes(updates)({ ...settings, remove: (name) => settings.set(name, null) });
}

function table(rows = 3, extra: Partial<CachedTable> = {}): CachedTable {
  return {
    columns: ["name", "tvl"],
    types: ["varchar", "double"],
    rows: Array.from({ length: rows }, (_, i) => [`n${i}`, i * 1.5]),
    partial: false,
    typesInferred: false,
    totalRowCount: rows,
    ...extra,
  };
}

/** Every value the database holds, as text: what a look at the user's browser storage would find. */
async function everythingStored(factory: IDBFactory): Promise<string> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open("service-addin.results", 1);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const dump: unknown[] = [];
  for (const name of [...db.objectStoreNames]) {
    const all = await new Promise<unknown[]>((resolve, reject) => {
      const tx = db.transaction(name, "readonly");
      const store = tx.objectStore(name);
      const values = store.getAll();
      const keys = store.getAllKeys();
      tx.oncomplete = () => resolve([keys.result, values.result]);
      tx.onerror = () => reject(tx.error);
    });
    dump.push(name, all);
  }
  db.close();
  return JSON.stringify(dump);
}

describe("kept results: partitions, expiry by kind, the workbook's refresh times", () => {
  let clock: ManualClock;
  let factory: IDBFactory;
  let store: Promise<ResultStore>;
  let document: TestDocument;
  let session: Session;
  let times: WorkbookRefreshTimes;
  let kept: PersistentResults;

  const make = (s: Session): PersistentResults =>
    new PersistentResults({ store, session: s, times, now: () => clock.now() });

  beforeEach(async () => {
    clock = new ManualClock(); // 2024-06-01 10:07 UTC: the AVS data refreshes at 10:15
    factory = new IDBFactory();
    store = openResultStore({ indexedDB: factory, now: () => clock.now(), timers: clock });
    document = new TestDocument();
    session = new Session({
      keyStore: memoryKeyStore(KEY),
      settingsStore: memorySettingsStore(),
      defaultBaseUrl: "http://service.test",
    });
    await session.load();
    times = new WorkbookRefreshTimes({ settings: document.settings, now: () => clock.now(), isLive: () => false });
    kept = make(session);
  });

  it("holds no key: not in a value, not in a record's key, not in the partition", async () => {
    await kept.write(dataset, table(), clock.now());
    await kept.write(latest, table(), clock.now());
    const stored = await everythingStored(factory);
    expect(stored).toContain("/v1/restaking/avs-stats");
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(KEY.slice(8, 24));
    expect(await kept.partition()).toMatch(/^[0-9a-f]{64}\|http:\/\/service\.test$/);
  });

  it("a dataset's snapshot is current until the dataset's next scheduled refresh, then kept but not current", async () => {
    await kept.write(dataset, table(), clock.now());
    clock.advance(7 * MINUTE);
    expect(await kept.read(dataset)).toMatchObject({ fresh: true, expiresAt: Date.parse("2024-06-01T10:15:00Z") });
    clock.advance(MINUTE + 1);
    expect(await kept.read(dataset)).toMatchObject({ fresh: false });
  });

  it("an execution's rows are current until their expires_at (else 90 days); a query's latest until Refresh All", async () => {
    const expiresAt = clock.now() + 10 * DAY;
    await kept.write(execution, table(3, { expiresAt }), clock.now());
    const other = resultsRequest("01HZX3NDEKTSV4RRFFQ69G5FAW", [], options);
    await kept.write(other, table(), clock.now());
    await kept.write(latest, table(), clock.now());
    clock.advance(10 * DAY - 1);
    expect((await kept.read(execution))?.fresh).toBe(true);
    clock.advance(1);
    expect((await kept.read(execution))?.fresh).toBe(false);
    expect((await kept.read(other))?.expiresAt).toBe(clock.now() - 10 * DAY + 90 * DAY);
    clock.advance(365 * DAY);
    expect(await kept.read(latest)).toMatchObject({ fresh: true, expiresAt: Infinity });
    await kept.dropLatest();
    expect(await kept.read(latest)).toBeUndefined();
    expect(await kept.read(dataset)).toBeUndefined();
    expect(await kept.read(execution)).toBeDefined();
  });

  it("gives back the rows and what the cache keeps with them", async () => {
    const origin = { kind: "query" as const, path: "/v1/restaking/avs-stats", queryId: 9000001, goneSince: 5 };
    const provenance = { executionId: "01KK", endedAt: "2024-06-01T10:00:00Z", queryId: 9000001 };
    const written = table(2, { partial: true, origin, totalRowCount: 90, ...provenance });
    await kept.write(dataset, written, clock.now());
    // The rows' fetch time comes back as their readAt (what a held refresh's note dates them from).
    expect((await kept.read(dataset))?.table).toEqual({ ...written, readAt: clock.now() });
  });

  it("a result older than the workbook's own refresh of it is not used (an execution's rows always are)", async () => {
    await kept.write(dataset, table(), clock.now());
    await kept.write(execution, table(), clock.now());
    await flush();
    // The headless refresh (or a co-author) refreshed the file a minute later.
    const later = new Date(clock.now() + MINUTE).toISOString();
    storeTimes(document, {
      requests: { [dataset.key]: { refreshedAt: later, bytes: 855, rows: 3 }, [execution.key]: { refreshedAt: later } },
    });
    expect(await kept.read(dataset)).toBeUndefined();
    expect(await kept.read(execution)).toBeDefined();
    expect(kept.isOutdated(dataset, clock.now() + MINUTE)).toBe(false);
  });

  it("another key never reads them; signing out forgets all of that user's partitions, and only them", async () => {
    await kept.write(dataset, table(), clock.now());
    const elsewhere = new Session({
      keyStore: memoryKeyStore(KEY),
      settingsStore: memorySettingsStore({ baseUrl: "http://other.test" }),
      defaultBaseUrl: "http://service.test",
    });
    await elsewhere.load();
    await make(elsewhere).write(dataset, table(5), clock.now());
    const bob = new Session({
      keyStore: memoryKeyStore("another-key-0123456789"),
      settingsStore: memorySettingsStore(),
      defaultBaseUrl: "http://service.test",
    });
    await bob.load();
    const bobs = make(bob);
    expect(await bobs.read(dataset)).toBeUndefined();
    await bobs.write(dataset, table(7), clock.now());

    const userId = await session.userId();
    await kept.forgetUser(userId!);
    expect(await kept.read(dataset)).toBeUndefined();
    expect(await make(elsewhere).read(dataset)).toBeUndefined();
    expect((await bobs.read(dataset))?.table.rows).toHaveLength(7);
    await session.signOut();
    expect(await kept.read(dataset)).toBeUndefined();
  });
});

describe("the workbook's refresh times: when each result in the workbook was last fetched", () => {
  const clock = new ManualClock();
  const make = (document: TestDocument, live: string[] = []) =>
    new WorkbookRefreshTimes({ settings: document.settings, now: () => clock.now(), isLive: (k) => live.includes(k) });

  it("written in the headless refresh's entries, in one write per turn, keeping what it does not know", async () => {
    const document = new TestDocument();
    storeTimes(document, {
      requests: { "/v1/dex/pairs/base": { refreshedAt: "2024-06-01T09:00:00.000Z", bytes: 855, rows: 3 } },
      queries: { "[1001]": { refreshedAt: "2024-06-01T09:00:00.000Z", executionId: "01X" } },
    });
    const times = make(document);
    times.record("/v1/dex/pairs/base", clock.now(), 4);
    times.record("query:1001", clock.now(), 2);
    expect(times.of("query:1001")).toBe(clock.now());
    await flush();
    expect(readRefreshTimes(document.settings())).toEqual({
      requests: {
        "/v1/dex/pairs/base": { refreshedAt: "2024-06-01T10:07:00.000Z", bytes: 855, rows: 4 },
        "query:1001": { refreshedAt: "2024-06-01T10:07:00.000Z", rows: 2 },
      },
      queries: { "[1001]": { refreshedAt: "2024-06-01T09:00:00.000Z", executionId: "01X" } },
    });
    expect(times.bytesOf("/v1/dex/pairs/base")).toBe(855);
    expect(times.holds(resultsRequest("01X", [], options))).toBe(true);
    expect(times.holds(resultsRequest("01Y", [], options))).toBe(false);
  });

  it("reads an entry the refresh wrote", () => {
    const document = new TestDocument();
    storeTimes(document, { requests: { k: { refreshedAt: "2024-06-01T10:00:00.000Z" } } });
    expect(make(document).of("k")).toBe(Date.parse("2024-06-01T10:00:00.000Z"));
    expect(make(document).of("other")).toBeUndefined();
  });

  it("drops entries not refreshed for 90 days that no cell shows when it writes", async () => {
    const document = new TestDocument();
    const old = new Date(clock.now() - 91 * DAY).toISOString();
    storeTimes(document, { requests: { old: { refreshedAt: old }, shown: { refreshedAt: old } } });
    const times = make(document, ["shown"]);
    times.record("new", clock.now(), 1);
    await flush();
    expect(Object.keys(readRefreshTimes(document.settings()).requests).sort()).toEqual(["new", "shown"]);
  });
});

describe("the opening burst and the admission of a fetch", () => {
  it("a cell is 'opening' on its request's first invocation, for a result the workbook holds, before a quiet spell", () => {
    const clock = new ManualClock();
    const saved = new Set([dataset.key, latest.key]);
    const phase = new OpenPhase({ now: () => clock.now(), quietMs: 10_000, saved: (r) => saved.has(r.key) });
    expect(phase.note(dataset)).toBe(true);
    expect(phase.note(dataset)).toBe(false); // a second cell of the same request, or a recalculation
    expect(phase.note(execution)).toBe(false); // the workbook holds nothing for it: a formula being entered
    clock.advance(10_001);
    expect(phase.note(latest)).toBe(false); // after a quiet spell: typed by the user
    expect(phase.opening).toBe(false);
  });

  it("a runtime that starts long before its first cell has no opening burst", () => {
    const clock = new ManualClock();
    const phase = new OpenPhase({ now: () => clock.now(), saved: () => true });
    clock.advance(30_000);
    expect(phase.note(dataset)).toBe(false);
  });

  it("opening with 'do nothing' is not loaded; on 'refresh' it fetches within the automatic budget, else not loaded", () => {
    const document = new TestDocument();
    const times = new WorkbookRefreshTimes({ settings: document.settings, now: () => 0, isLive: () => false });
    let creditsPerDay = 0;
    const reserved: number[] = [];
    const closed: number[] = [];
    const state = (): BudgetState => ({
      creditsPerDay,
      day: "2024-06-01",
      spentToday: 0,
      spentReads: 0,
      spentExecutions: 0,
      reserved: 0,
      inFlight: { reads: 0, executions: 0 },
      readErrorBound: 0,
    });
    const budget = {
      state,
      room: () => creditsPerDay,
      reserve: (kind: "reads" | "executions", estimate: number) => {
        if (creditsPerDay === 0) return "budget-off" as const;
        if (estimate > creditsPerDay) return "budget-spent" as const;
        reserved.push(estimate);
        return new Reservation(kind, estimate, 0, {
          book: () => undefined,
          close: (r) => void closed.push(r.estimate),
          changed: () => undefined,
        });
      },
    };
    let lastCost: { credits: number } | undefined;
    const admit = admission({
      settings: document.settings,
      times,
      budget,
      estimate: () => lastCost,
      plan: () => DEFAULT_PLAN,
      now: () => 0,
      limitBytes: 2_000_000,
    });
    const opening = { opening: true, refreshOnOpen: false };
    const refused = admit(dataset, opening);
    expect(refused).toBeInstanceOf(NotLoadedError);
    expect((refused as Error).message).toBe(
      "Not loaded: this computer keeps no copy of this data, and the workbook opens without refreshing. Loading it costs up to 40 credits on the Free plan: Load in the Service pane, or Refresh All.",
    );
    // A formula the user entered is priced by its cap alone: nothing reserved.
    expect(admit(dataset, { opening: false, refreshOnOpen: false })).toEqual({});
    document.settings().set(OPEN_BEHAVIOUR_SETTING, "refresh");
    const reopened = { opening: true, refreshOnOpen: true };
    // Never read here and no size in the workbook: its cost cannot be held to the budget.
    expect((admit(dataset, reopened) as Error).message).toMatch(/^Not loaded: its size is not known yet/);
    lastCost = { credits: 12 };
    expect((admit(dataset, reopened) as Error).message).toMatch(
      /^Not loaded: automatic refreshes need a daily credit budget \(about 12 credits\)/,
    );
    creditsPerDay = 10;
    expect((admit(dataset, reopened) as Error).message).toMatch(/^Not loaded: today's automatic budget has no room/);
    creditsPerDay = 50;
    const admitted = admit(dataset, reopened);
    expect(admitted).not.toBeInstanceOf(Error);
    expect(reserved).toEqual([12]);
    if (admitted instanceof Error) return;
    expect(admitted.budget?.estimate).toBe(12);
    admitted.close?.();
    expect(closed).toEqual([12]);
    // The size a refresh outside Excel measured prices it when this computer never read it.
    lastCost = undefined;
    creditsPerDay = 0;
    storeTimes(document, { requests: { [dataset.key]: { refreshedAt: "2024-06-01T09:00:00.000Z", bytes: 855 } } });
    expect((admit(dataset, reopened) as Error).message).toMatch(
      /^Not loaded: automatic refreshes need a daily credit budget \(about 0\.02 credits\).* Loading it costs about 0\.02 credits on the Free plan/,
    );
  });
});
