import { clientResult, EmulatedObject, loadPaths, type EmulatedClientResult, type LoadOption } from "./client-object";
import type { ResolvedObject } from "./resolved-object";
import { utf8Bytes } from "./sync-stats";

/**
 * An emulated collection (`worksheets`, `tables`, `rows`…): `load("name")` or `load("items/name")` loads
 * those properties of every item; `items` is readable only after load + sync.
 */
export abstract class EmulatedCollection<T extends ResolvedObject<R>, R> extends EmulatedObject {
  protected abstract entities(): R[];
  protected abstract makeItem(ref: R): T;

  protected scalarProperties(): readonly string[] {
    return ["count"];
  }

  protected readNow(name: string): unknown {
    return name === "count" ? this.entities().length : undefined;
  }

  override load(option?: LoadOption): this {
    const requested = loadPaths(option) ?? ["items"];
    const itemProps = requested
      .filter((p) => p !== "count")
      .map((p) => p.replace(/^items\/?/, ""))
      .filter((p) => p !== "");
    const wantsItems = requested.some((p) => p !== "count");
    if (requested.includes("count")) super.load("count");
    if (!wantsItems) return this;
    let snapshot: { item: T; entries: [string, unknown][] }[] = [];
    this.queue(
      { load: requested },
      () => {
        snapshot = this.entities().map((ref) => {
          const item = this.makeItem(ref)._bindResolved(ref);
          return { item, entries: item._snapshot(itemProps.length ? itemProps : undefined) };
        });
      },
      {
        bytes: () => utf8Bytes(JSON.stringify(snapshot.map((s) => Object.fromEntries(s.entries)))),
        commit: () => {
          for (const s of snapshot) s.item._commit(s.entries);
          this.cache.set(
            "items",
            snapshot.map((s) => s.item),
          );
        },
      },
    );
    return this;
  }

  get items(): T[] {
    return this.read("items");
  }

  get count(): number {
    return this.read("count");
  }

  getCount(): EmulatedClientResult<number> {
    return clientResult(this, this.context, "getCount", () => this.entities().length);
  }
}
