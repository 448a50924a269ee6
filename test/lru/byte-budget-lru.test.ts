import { ByteBudgetLru } from "../../src/lru";

describe("ByteBudgetLru: least recently used out, within a byte budget", () => {
  test("a value comes back as it was stored; an unknown key is a miss", () => {
    const cache = new ByteBudgetLru<string>(10_000);
    expect(cache.set("a", "x", 10)).toBe(true);
    expect(cache.get("a")).toBe("x");
    expect(cache.get("b")).toBeUndefined();
  });

  test("over budget, the least recently used value goes first", () => {
    const cache = new ByteBudgetLru<string>(1_000); // 244 bytes each: four fit
    for (const k of ["a", "b", "c", "d"]) cache.set(k, k, 244);
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    cache.set("e", "e", 244);
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d", "e"].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true, true]);
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(976);
  });

  test("replacing a key counts its bytes once; deleting gives them back", () => {
    const cache = new ByteBudgetLru<string>(1_000);
    cache.set("a", "x", 100);
    cache.set("a", "y", 150);
    expect(cache.bytes).toBe(150);
    expect(cache.get("a")).toBe("y");
    cache.delete("a");
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  test("a value larger than a quarter of the budget is not kept, and replaces nothing", () => {
    const cache = new ByteBudgetLru<string>(1_000);
    cache.set("small", "s", 10);
    expect(cache.set("big", "b", 251)).toBe(false);
    expect(cache.get("big")).toBeUndefined();
    expect(cache.get("small")).toBe("s");
  });
});

describe("recharge: a kept value's cost changes", () => {
  test("growing counts against the budget without making the grown value more recent", () => {
    const lru = new ByteBudgetLru<string>(1000);
    lru.set("a", "A", 200);
    lru.set("b", "B", 200);
    lru.set("c", "C", 200);
    lru.recharge("a", 240);
    expect(lru.bytes).toBe(640);
    lru.set("d", "D", 250);
    // 890 kept; 200 more exceed the budget, and "a", grown but still the least recently used, goes.
    lru.set("e", "E", 200);
    expect([lru.get("a"), lru.get("b"), lru.get("c"), lru.get("d"), lru.get("e")]).toEqual([
      undefined,
      "B",
      "C",
      "D",
      "E",
    ]);
    expect(lru.bytes).toBe(850);
  });

  test("a value grown beyond a quarter of the budget is dropped; a key no longer kept is ignored", () => {
    const lru = new ByteBudgetLru<string>(1000);
    lru.set("a", "A", 200);
    lru.recharge("a", 251);
    expect(lru.get("a")).toBeUndefined();
    expect(lru.bytes).toBe(0);
    lru.recharge("gone", 10);
    expect(lru.size).toBe(0);
  });
});
