import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { RESULT_DATABASE } from "../../../src/functions";
import { ADDIN_RESULT_DATABASE } from "../../../src/playground/host/install-host";
import { FileSaveError, IdbFileStore } from "../../../src/playground/host/file-store";
import { SessionChannel, type ChannelLike, type SessionMessage } from "../../../src/playground/host/session-channel";
import { StorageBudget } from "../../../src/playground/host/storage-budget";
import { LEGACY_ITEM, WorkbookFile } from "../../../src/playground/host/workbook-file";
import { createWorkbook, type PlaygroundWorkbook, type WorkbookDocument } from "../../../src/playground/workbook";
import { ManualClock, flush } from "../../support/manual-clock";

/** BroadcastChannel between the sessions of one test (one per tab, same name). */
function channels() {
  const all = new Set<{ listeners: ((e: { data: SessionMessage }) => void)[] }>();
  return (): ChannelLike => {
    const me = { listeners: [] as ((e: { data: SessionMessage }) => void)[] };
    all.add(me);
    return {
      postMessage: (data) => {
        for (const other of all) if (other !== me) for (const l of other.listeners) l({ data });
      },
      addEventListener: (_type, listener) => void me.listeners.push(listener),
      close: () => void all.delete(me),
    };
  };
}

/** One session of the workbook: a page's workbook on the file in `factory`'s IndexedDB. */
async function session(
  factory: IDBFactory,
  clock: ManualClock,
  options: { autoSave?: boolean; channel?: ChannelLike; legacy?: Storage; budget?: StorageBudget } = {},
) {
  const store = await IdbFileStore.open(factory);
  const sessions = new SessionChannel(options.channel);
  const file = new WorkbookFile(store, {
    autoSave: options.autoSave ?? true,
    clock,
    sessions,
    budget: options.budget,
  });
  const document = await file.open(options.legacy);
  const wb: PlaygroundWorkbook = createWorkbook({
    document,
    onSettingsSaved: () => file.settingsSaved(),
    fileSettings: () => file.fileSettings(),
    settingsUnsaved: () => file.settingsUnsaved,
  });
  file.attach(() => wb.saveParts());
  wb.onChange((e) =>
    file.changed(e.block ? e.block.rowCount * e.block.columnCount : 0, {
      sheet: e.sheet,
      block: e.kind === "structure" ? null : e.block,
    }),
  );
  const changedElsewhere: string[] = [];
  sessions.onSaved((m) => {
    if (m.settingsChanged) {
      changedElsewhere.push(m.session);
      wb.Office.context.document.settings.settingsChangedElsewhere();
    }
  });
  sessions.announce();
  const settings = wb.Office.context.document.settings;
  const write = (address: string, value: unknown) =>
    wb.run(async (ctx) => {
      ctx.workbook.worksheets.getActiveWorksheet().getRange(address).values = [[value]];
      await ctx.sync();
    });
  const saveSetting = (name: string, value: unknown) =>
    new Promise<void>((resolve) => {
      settings.set(name, value);
      settings.saveAsync(() => resolve());
    });
  const refresh = () => new Promise<void>((resolve) => settings.refreshAsync(() => resolve()));
  const value = (address: string) => wb.inspect.values(wb.inspect.activeSheet(), address)[0][0];
  return { store, file, wb, settings, write, saveSetting, refresh, value, changedElsewhere, document, sessions };
}

/** What a reload would open: the file as stored now. */
async function reopened(factory: IDBFactory): Promise<WorkbookDocument | undefined> {
  const store = await IdbFileStore.open(factory);
  const file = new WorkbookFile(store, { autoSave: true, clock: new ManualClock() });
  return file.open();
}

/** The keys of the stored copies (without opening the file, which would remove orphans). */
function copyKeys(f: IDBFactory): Promise<IDBValidKey[]> {
  return new Promise((resolve) => {
    const req = f.open("playground-workbook");
    req.onsuccess = () => {
      const get = req.result.transaction("copies").objectStore("copies").getAllKeys();
      get.onsuccess = () => {
        req.result.close();
        resolve(get.result);
      };
    };
  });
}

const valueIn = (doc: WorkbookDocument | undefined, row: number, column: number) =>
  doc?.sheets[0].values.find(([r, c]) => r === row && c === column)?.[2];

let factory: IDBFactory;
let clock: ManualClock;
beforeEach(() => {
  factory = new IDBFactory();
  clock = new ManualClock();
});

describe("AutoSave", () => {
  test("on (the default): saved a moment after changes, however many; a reload opens it", async () => {
    const s = await session(factory, clock);
    for (let i = 1; i <= 20; i++) await s.write(`A${i}`, i);
    expect(s.file.status).toMatchObject({ unsaved: true, autoSave: true });
    expect(await reopened(factory)).toBeUndefined();
    await clock.advanceSettling(250);
    await flush(10);
    expect(s.file.status).toMatchObject({ unsaved: false, savedAt: clock.now() });
    expect(valueIn(await reopened(factory), 19, 0)).toBe(20);
  });

  test("off: only File → Save writes the file; a reload before it opens the last saved copy", async () => {
    const s = await session(factory, clock, { autoSave: false });
    await s.write("A1", "saved");
    expect(await s.file.save()).toBe(true);
    await s.write("A1", "not saved");
    await clock.advanceSettling(10_000);
    expect(s.file.status.unsaved).toBe(true);
    expect(valueIn(await reopened(factory), 0, 0)).toBe("saved");
    await s.file.save();
    expect(valueIn(await reopened(factory), 0, 0)).toBe("not saved");
  });

  test("turned off while an AutoSave is due: that save does not happen, and later edits stay unsaved", async () => {
    const s = await session(factory, clock);
    await s.write("A1", "saved");
    expect(await s.file.save()).toBe(true);
    await s.write("A1", "due to AutoSave"); // AutoSave's timer is armed
    s.file.setAutoSave(false);
    await s.write("A2", "typed after");
    await clock.advanceSettling(10_000);
    await flush(10);
    expect(s.file.status.unsaved).toBe(true);
    expect(valueIn(await reopened(factory), 0, 0)).toBe("saved");
  });

  test("turned back on, it saves what was not saved", async () => {
    const s = await session(factory, clock, { autoSave: false });
    await s.write("A1", 1);
    s.file.setAutoSave(true);
    await clock.advanceSettling(250);
    await flush(10);
    expect(valueIn(await reopened(factory), 0, 0)).toBe(1);
  });
});

describe("document settings reach the file only when the workbook is saved", () => {
  test("saveAsync puts them in the document; File → Save writes them; settings never saveAsync'ed are lost", async () => {
    const s = await session(factory, clock, { autoSave: false });
    await s.saveSetting("kept", { n: 1 });
    s.settings.set("never", true);
    expect((await reopened(factory))?.settings).toBeUndefined(); // no file yet
    expect(s.file.settingsUnsaved).toBe(true);
    await s.file.save();
    expect((await reopened(factory))?.settings).toEqual({ kept: { n: 1 } });
    await s.saveSetting("later", 2);
    expect((await reopened(factory))?.settings).toEqual({ kept: { n: 1 } }); // not saved yet
  });

  test("with AutoSave on, saveAsync reaches the file with the next AutoSave", async () => {
    const s = await session(factory, clock);
    await s.saveSetting("x", 1);
    await clock.advanceSettling(250);
    await flush(10);
    expect((await reopened(factory))?.settings).toEqual({ x: 1 });
  });
});

describe("two sessions of one workbook", () => {
  test("last writer wins on the settings bag; refreshAsync reads the file's; settingsChanged fires in the other", async () => {
    const channel = channels();
    const a = await session(factory, clock, { autoSave: false, channel: channel() });
    const b = await session(factory, clock, { autoSave: false, channel: channel() });
    const heard: unknown[] = [];
    a.settings.addHandlerAsync("settingsChanged", (e: unknown) => heard.push(e));
    expect(a.sessions.others).toBe(1);

    await a.saveSetting("a", 1);
    await a.file.save();
    await b.saveSetting("b", 2); // b's bag does not have a's setting: it never read it
    await b.file.save();
    expect((await reopened(factory))?.settings).toEqual({ b: 2 });
    expect(heard).toHaveLength(1);
    expect(a.settings.get("a")).toBe(1); // a's copy in memory until it refreshes
    await a.refresh();
    expect([a.settings.get("a"), a.settings.get("b")]).toEqual([null, 2]);

    // A save of cells alone keeps the bag the file has (the last to write settings wins, not the last to save).
    await b.saveSetting("b", 3);
    await b.file.save();
    await a.write("A1", "from a");
    await a.file.save();
    expect(heard).toHaveLength(2);
    const file = await reopened(factory);
    expect(file?.settings).toEqual({ b: 3 });
    expect(valueIn(file, 0, 0)).toBe("from a"); // cells: the last session to save
    b.sessions.close(); // b's tab is closed
    expect(a.sessions.others).toBe(0);
  });

  test("until refreshAsync calls back, get answers the copy in memory (a set just made included)", async () => {
    const a = await session(factory, clock, { autoSave: false });
    await a.saveSetting("saved", 1);
    await a.file.save();
    a.settings.set("mine", 2);
    let done = false;
    const refreshed = a.refresh().then(() => (done = true));
    const seen: unknown[] = [];
    while (!done) {
      seen.push(a.settings.get("mine")); // each turn while the file's bag is read and the callback waits
      await new Promise((resolve) => setImmediate(resolve));
    }
    await refreshed;
    expect(new Set(seen)).toEqual(new Set([2]));
    expect([a.settings.get("saved"), a.settings.get("mine")]).toEqual([1, null]);
  });

  test("refreshAsync replaces the copy in memory when it answers, not when it is called", async () => {
    const a = await session(factory, clock, { autoSave: false });
    await a.saveSetting("saved", 1); // in the document, not yet in the file: the refresh reads the document's bag
    a.settings.set("mine", 2);
    const answered = a.refresh();
    // Until the refresh answers, this session still reads what it set (a merged writer re-applies it after).
    expect(a.settings.get("mine")).toBe(2);
    await answered;
    expect([a.settings.get("saved"), a.settings.get("mine")]).toEqual([1, null]);
  });

  test("refreshAsync while this session's saveAsync has not reached the file reads the document's bag", async () => {
    const a = await session(factory, clock, { autoSave: false });
    await a.saveSetting("mine", 1);
    await a.refresh();
    expect(a.settings.get("mine")).toBe(1);
  });
});

describe("a failed save never replaces the last good copy", () => {
  test("a quota error keeps the previous copy current, says so, and a later save that fits works", async () => {
    const s = await session(factory, clock, { autoSave: false });
    await s.write("A1", "good");
    await s.file.save();
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    await s.write("A1", "x".repeat(1000));
    expect(await s.file.save()).toBe(false);
    put.mockRestore();
    expect(s.file.status.problem).toMatch(
      /^Not saved: the browser's storage for this page is full\. The copy saved at/,
    );
    expect(s.file.status.unsaved).toBe(true);
    expect(valueIn(await reopened(factory), 0, 0)).toBe("good");
    expect(await s.file.save()).toBe(true);
    expect(await copyKeys(factory)).toHaveLength(1); // the new copy is current, the old one deleted
    expect(s.file.status.problem).toBeUndefined();
    expect(valueIn(await reopened(factory), 0, 0)).toBe("x".repeat(1000));
  });

  test("a save cut short after writing its copy (before the pointer moved) leaves the old copy current; the orphan goes", async () => {
    const s = await session(factory, clock, { autoSave: false });
    await s.write("A1", "good");
    await s.file.save();
    const real = IDBObjectStore.prototype.put;
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore["put"]>
    ) {
      if (this.name === "pointer") throw new DOMException("disk error", "UnknownError");
      return real.apply(this, args);
    });
    await s.write("A1", "lost");
    expect(await s.file.save()).toBe(false);
    put.mockRestore();
    expect(s.file.status.problem).toMatch(/^Not saved: .*disk error/);
    expect(valueIn(await reopened(factory), 0, 0)).toBe("good");
    expect(await copyKeys(factory)).toHaveLength(1);
  });

  test("FileSaveError says which kind", () => {
    expect(new FileSaveError("quota", "full").kind).toBe("quota");
  });
});

describe("moving the workbook the playground kept in localStorage", () => {
  test("read once into IndexedDB, then removed from localStorage", async () => {
    const old = createWorkbook();
    await old.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("B2").values = [["from localStorage"]];
      await ctx.sync();
    });
    const items = new Map([[LEGACY_ITEM, JSON.stringify(old.saveDocument())]]);
    const legacy = {
      getItem: (k: string) => items.get(k) ?? null,
      removeItem: (k: string) => void items.delete(k),
    } as Storage;
    const s = await session(factory, clock, { legacy });
    expect(s.value("B2")).toBe("from localStorage");
    expect(items.size).toBe(0);
    expect(valueIn(await reopened(factory), 1, 1)).toBe("from localStorage");
  });
});

describe("the storage estimate", () => {
  test("warns before the save that would not fit, from navigator.storage.estimate()", async () => {
    const budget = new StorageBudget(async () => ({ quota: 100_000, usage: 20_000 }));
    const s = await session(factory, clock, { autoSave: false, budget });
    await s.write("A1", 1);
    expect(s.file.status.warning).toBeUndefined();
    await s.wb.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRangeByIndexes(0, 0, 5_000, 2).values = Array.from(
        { length: 5_000 },
        (_, i) => [i, i],
      );
      await ctx.sync();
    });
    expect(s.file.status.warning).toMatch(/growing to about \d+ MB, more than the 1 MB the browser has left/);
    expect(new StorageBudget(undefined).warning()).toBeUndefined();
  });
});

test("?reset=1 forgets the add-in's kept results: the playground names the add-in's database", () => {
  expect(ADDIN_RESULT_DATABASE).toBe(RESULT_DATABASE);
});
