import { PageCache } from "../../../src/service/results/page-cache";

const page = (text: string, rows = 1) => ({ rows: Array.from({ length: rows }, () => text), totalRowCount: rows });

describe("PageCache: least recently used out, within a byte budget", () => {
  test("a page comes back as it was stored; an unknown key is a miss", () => {
    const cache = new PageCache(10_000);
    cache.set("a", page("x"));
    expect(cache.get("a")).toEqual(page("x"));
    expect(cache.get("b")).toBeUndefined();
  });

  test("over budget, the least recently used page goes first", () => {
    const cache = new PageCache(1_000); // each page below costs 64 + 2 × 90 = 244 bytes: four fit
    for (const k of ["a", "b", "c", "d"]) cache.set(k, page(k.repeat(90)));
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    cache.set("e", page("e".repeat(90)));
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d", "e"].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true, true]);
    expect(cache.size).toBe(4);
  });

  test("a page larger than a quarter of the budget is not kept", () => {
    const cache = new PageCache(1_000);
    cache.set("big", page("x".repeat(200), 1));
    expect(cache.get("big")).toBeUndefined();
  });
});
