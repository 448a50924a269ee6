import { OfficeActions } from "../../src/playground/host/office-actions";
import { readConfig } from "../../src/playground/host/page-config";
import { PersistentRuntimeStorage } from "../../src/playground/host/persistent-storage";
import { StartupBehaviorEmulation } from "../../src/playground/host/startup-behavior";
import { actionLabel } from "../../src/playground/ui/ribbon";

describe("readConfig: served config, overridden by the page's query", () => {
  const served = { serviceUrl: "http://127.0.0.1:9000", demoKey: "demo" };
  test.each([
    ["", { serviceUrl: "http://127.0.0.1:9000", autoSignInKey: "demo", reset: false }],
    ["?signin=none", { serviceUrl: "http://127.0.0.1:9000", autoSignInKey: null, reset: false }],
    ["?key=other&reset=1", { serviceUrl: "http://127.0.0.1:9000", autoSignInKey: "other", reset: true }],
    ["?service=http://localhost:1234", { serviceUrl: "http://localhost:1234", autoSignInKey: "demo", reset: false }],
  ])("%s", (search, expected) => {
    expect(readConfig(search, served)).toMatchObject(expected);
  });
  test("File → Open and Download in the file worker unless fileworker=off; another value is named as ignored", () => {
    expect(readConfig("", served)).toMatchObject({ fileWorker: true, ignored: [] });
    expect(readConfig("?fileworker=off", served)).toMatchObject({ fileWorker: false, ignored: [] });
    expect(readConfig("?fileworker=no", served)).toMatchObject({ fileWorker: true, ignored: ["fileworker=no"] });
  });
  test("without a served config: the local service's default address, no key", () => {
    expect(readConfig("", undefined)).toMatchObject({ serviceUrl: "http://127.0.0.1:8787", autoSignInKey: null });
  });
});

describe("Office.actions", () => {
  test("invoke resolves when the command calls event.completed()", async () => {
    const actions = new OfficeActions();
    const seen: string[] = [];
    actions.onAssociate(() => seen.push(actions.ids().join()));
    actions.associate("refreshAll", (event) => {
      setImmediate(() => event.completed());
    });
    expect(seen).toEqual(["refreshAll"]);
    await expect(actions.invoke("refreshAll")).resolves.toBeUndefined();
  });
  test("a failing command rejects; an unknown one too", async () => {
    const actions = new OfficeActions();
    actions.associate("boom", async () => {
      throw new Error("nope");
    });
    await expect(actions.invoke("boom")).rejects.toThrow("nope");
    await expect(actions.invoke("missing")).rejects.toThrow(/No function/);
  });
  test("button labels from action ids", () => {
    expect(actionLabel("refreshAll")).toBe("Refresh All");
    expect(actionLabel("show-task_pane")).toBe("Show Task Pane");
  });
});

describe("Office.addin.setStartupBehavior", () => {
  test("None until the add-in asks to load with the document; each value kept in order", async () => {
    const startup = new StartupBehaviorEmulation();
    expect(await startup.get()).toBe("None");
    await startup.set("Load");
    expect(await startup.get()).toBe("Load");
    await startup.set("None");
    expect(startup.history).toEqual(["Load", "None"]);
  });
  test("anything but Load or None is refused, as office.js refuses it", async () => {
    const startup = new StartupBehaviorEmulation();
    await expect(startup.set("load")).rejects.toThrow(/"load" is not an Office.StartupBehavior \(Load or None\)/);
    expect(await startup.get()).toBe("None");
  });
});

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe("OfficeRuntime.storage kept in localStorage", () => {
  test("strings under a prefix, survive a new instance (a reload), clear() forgets only ours", async () => {
    const local = new MemoryStorage();
    local.setItem("unrelated", "x");
    const storage = new PersistentRuntimeStorage(local);
    await storage.setItems({ a: "1", b: "2" });
    expect(await new PersistentRuntimeStorage(local).getItems(["a", "b", "c"])).toEqual({ a: "1", b: "2", c: null });
    expect((await storage.getKeys()).sort()).toEqual(["a", "b"]);
    storage.clear();
    expect(await storage.getKeys()).toEqual([]);
    expect(local.getItem("unrelated")).toBe("x");
  });
  test("10 MB per domain, as OfficeRuntime.storage", async () => {
    const storage = new PersistentRuntimeStorage(new MemoryStorage());
    await expect(storage.setItem("big", "x".repeat(6 * 1024 * 1024))).rejects.toThrow(/10 MB/);
    expect(await storage.getItem("big")).toBeNull();
  });
});
