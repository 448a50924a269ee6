import {
  type EntryCollection,
  listEntries,
  memorySettings,
  pruneEntries,
  putEntry,
  readEntry,
  settingsWriter,
  type SettingsView,
  writeSettings,
} from "../../src/document-settings";
import { SharedDocument } from "../support/shared-document";

/**
 * Two sessions of one workbook (a co-author, or the same file open twice), each with Office's in-memory copy of the
 * settings, writing in chosen orders.
 */
const add = (name: string, n: number) => (settings: SettingsView) =>
  settings.set(name, ((settings.get(name) as number | null) ?? 0) + n);

describe("merged writes", () => {
  it("a co-author's save after we opened the file is kept when we save (we read the document again first)", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    const b = doc.open("B");
    const bSaved = writeSettings(b, (s) => s.set("service.fromB", 2));
    await doc.drain();
    await bSaved;
    const aSaved = writeSettings(a, (s) => s.set("service.fromA", 1));
    expect(a.get("service.fromA")).toBe(1); // read at once by the writer's own runtime
    await doc.drain();
    await aSaved;
    expect(doc.saved).toEqual({ "service.fromB": 2, "service.fromA": 1 });
    expect(a.get("service.fromB")).toBe(2); // A now sees B's value too
  });

  it("without the merge, that save would have put back A's stale copy (what Office's saveAsync alone does)", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    const b = doc.open("B");
    b.set("service.fromB", 1);
    b.saveAsync(() => undefined);
    await doc.drain();
    a.set("service.fromA", 1);
    a.saveAsync(() => undefined);
    await doc.drain();
    expect(doc.saved).toEqual({ "service.fromA": 1 });
  });

  it("what can still be lost: a co-author's save landing between our refresh and our save (not atomic)", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    const b = doc.open("B");
    doc.saved = { "service.old": "kept" };
    const aSaved = writeSettings(a, (s) => s.set("service.fromA", 1));
    expect(await doc.next(a)).toBe("refresh"); // A has read the document…
    const bSaved = writeSettings(b, (s) => s.set("service.fromB", 1));
    await doc.next(b); // B refreshes
    await doc.next(b); // …and B saves before A does
    await bSaved;
    expect(doc.saved).toEqual({ "service.old": "kept", "service.fromB": 1 });
    expect(await doc.next(a)).toBe("save");
    await aSaved;
    // B's entry is lost; everything saved before A's refresh (service.old) and A's own entry are not.
    expect(doc.saved).toEqual({ "service.old": "kept", "service.fromA": 1 });
  });

  it("each step reaches the document once, whenever it is written: during our refresh, during our save, or idle", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    const b = doc.open("B");
    const writes: Promise<void>[] = [writeSettings(a, add("service.count", 1))];
    writes.push(writeSettings(a, add("service.count", 10))); // while A's refresh is waiting
    expect(await doc.next(a)).toBe("refresh");
    expect(doc.waiting(a)).toEqual(["save"]);
    writes.push(writeSettings(a, add("service.count", 100))); // while A's save is waiting
    expect(await doc.next(a)).toBe("save");
    expect(doc.saved["service.count"]).toBe(11);
    writes.push(writeSettings(b, add("service.count", 1000))); // a co-author, between A's two saves
    await doc.next(b);
    await doc.next(b);
    await doc.drain();
    await Promise.all(writes);
    expect(doc.saved["service.count"]).toBe(1111);
    expect(a.get("service.count")).toBe(1111);
  });

  it("a failed save rejects its writers, and its steps go with the next write's save", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    a.failNextSave = "The settings could not be saved.";
    const failed = writeSettings(a, (s) => s.set("service.first", 1)).then(
      () => undefined,
      (error: unknown) => error,
    );
    await doc.drain();
    expect(await failed).toEqual(new Error("The settings could not be saved."));
    expect(doc.saved).toEqual({});
    const next = writeSettings(a, (s) => s.set("service.second", 2));
    await doc.drain();
    await next;
    expect(doc.saved).toEqual({ "service.first": 1, "service.second": 2 });
  });

  it("a host without refreshAsync still saves; settings with no saveAsync (no document) just hold the value", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    const noRefresh = {
      get: a.get.bind(a),
      set: a.set.bind(a),
      remove: a.remove.bind(a),
      saveAsync: a.saveAsync.bind(a),
    };
    const saved = writeSettings(noRefresh, (s) => s.set("service.x", 1));
    await doc.drain();
    await saved;
    expect(doc.saved).toEqual({ "service.x": 1 });
    const memory = memorySettings();
    await writeSettings(memory, (s) => s.set("service.y", { n: 1 }));
    expect(memory.get("service.y")).toEqual({ n: 1 });
  });

  it("one queue per document in a runtime: a stand-in (the pane's) and the real object (the functions') share it", async () => {
    const doc = new SharedDocument();
    const real = doc.open("A");
    const standIn = {
      get: (n: string) => real.get(n),
      set: (n: string, v: unknown) => real.set(n, v),
      current: () => real,
    };
    expect(settingsWriter(standIn)).toBe(settingsWriter(real));
    const one = writeSettings(standIn, add("service.count", 1));
    const two = writeSettings(real, add("service.count", 2));
    await doc.drain();
    await Promise.all([one, two]);
    expect(doc.saved).toEqual({ "service.count": 3 });
  });
});

describe("entries: one small setting per record, an index, and the older single-setting layout", () => {
  interface Note {
    text: string;
  }
  const NOTES: EntryCollection<Note> = {
    index: "notes.index",
    entry: (id) => `notes.${id}`,
    parse: (v) => (v && typeof (v as Note).text === "string" ? (v as Note) : undefined),
    legacy: {
      name: "notes.all",
      entries: (v) => Object.entries((v as Record<string, unknown>) ?? {}),
    },
  };

  it("two sessions adding different records keep both", async () => {
    const doc = new SharedDocument();
    const a = doc.open("A");
    const b = doc.open("B");
    const bSaved = writeSettings(b, putEntry(NOTES, "b1", { text: "from B" }));
    await doc.drain();
    await bSaved;
    const aSaved = writeSettings(a, putEntry(NOTES, "a1", { text: "from A" }));
    await doc.drain();
    await aSaved;
    expect(doc.saved).toEqual({
      "notes.index": ["b1", "a1"],
      "notes.b1": { text: "from B" },
      "notes.a1": { text: "from A" },
    });
    expect(listEntries(a, NOTES)).toEqual([
      ["b1", { text: "from B" }],
      ["a1", { text: "from A" }],
    ]);
  });

  it("the older layout is read as it is, and the next write moves it into entries (an entry already there wins)", () => {
    const settings = memorySettings();
    settings.set("notes.all", { x: { text: "old x" }, y: { text: "old y" }, bad: 3 });
    settings.set("notes.x", { text: "new x" });
    expect(readEntry(settings, NOTES, "y")).toEqual({ text: "old y" });
    expect(listEntries(settings, NOTES).map(([id]) => id)).toEqual(["x", "y"]);
    putEntry(NOTES, "z", { text: "z" })({
      get: (n) => settings.get(n),
      set: (n, v) => settings.set(n, v),
      remove: (n) => settings.remove!(n),
    });
    expect(settings.get("notes.all")).toBeNull();
    expect(settings.get("notes.index")).toEqual(["x", "y", "bad", "z"]);
    expect(listEntries(settings, NOTES)).toEqual([
      ["x", { text: "new x" }],
      ["y", { text: "old y" }],
      ["z", { text: "z" }],
    ]);
  });

  it("pruning removes what it is told to, keeps what this version cannot read, and mends the index", async () => {
    const settings = memorySettings();
    await writeSettings(settings, putEntry(NOTES, "keep", { text: "keep" }));
    await writeSettings(settings, putEntry(NOTES, "drop", { text: "drop" }));
    settings.set("notes.future", { format: 2 });
    settings.set("notes.index", ["keep", "drop", "future", "gone"]);
    await writeSettings(
      settings,
      pruneEntries(NOTES, (_id, note) => note.text === "drop"),
    );
    expect(settings.get("notes.index")).toEqual(["keep", "future"]);
    expect(settings.get("notes.drop")).toBeNull();
    expect(settings.get("notes.future")).toEqual({ format: 2 });
  });

  it("a damaged index or entry costs that entry, not the others", () => {
    const settings = memorySettings();
    settings.set("notes.index", "not a list");
    expect(listEntries(settings, NOTES)).toEqual([]);
    settings.set("notes.index", ["a", 7, "b"]);
    settings.set("notes.a", { text: "a" });
    settings.set("notes.b", "damaged");
    expect(listEntries(settings, NOTES)).toEqual([["a", { text: "a" }]]);
  });
});
