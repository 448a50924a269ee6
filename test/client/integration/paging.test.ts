import { expectConsecutiveIds, useService } from "./harness";

/**
 * The service's page is its datapoints cap (250,000 values), fixed as the real service's is, so pages here are real
 * sizes. Only the first test reads a whole million-row result: there size is the point. The others read the fewest
 * pages that show their rule (two pages to show a limit stopping mid-page or a header dropped, three in flight).
 */
describe("paging across the datapoints cap against the real service", () => {
  const env = useService();
  let transfers = ""; // 1003: 1,000,000 rows x 10 columns
  let wide = ""; // 1007: 20,000 rows x 37 columns

  beforeAll(async () => {
    const client = env.client();
    [transfers, wide] = await Promise.all(
      [client.run(1003), client.run(1007)].map((p) => p.then((r) => r.executionId)),
    );
  }, 120_000);

  it("1 column: the whole 1,000,000-row result in 4 pages of 250,000, concurrently, in order, no gap or duplicate", async () => {
    const table = await env.client().table({ executionId: transfers }, { columns: ["id"], concurrency: 4 });
    expect(table.columns).toEqual(["id"]);
    expect(table.requestCount).toBe(4);
    expect(table).toMatchObject({ rowCount: 1_000_000, totalRowCount: 1_000_000, hasMore: false });
    expectConsecutiveIds(table.rows, 0, 1_000_000);
  }, 120_000);

  it("10 columns: pages of 25,000; a limit larger than a page stops exactly at it", async () => {
    const offsets: number[] = [];
    let rows: unknown[][] = [];
    for await (const page of env.client().pages({ executionId: transfers }, { offset: 1_000, limit: 30_000 })) {
      offsets.push(page.offset);
      expect(page.columns).toHaveLength(10);
      rows = rows.concat(page.rows);
    }
    expect(offsets).toEqual([1_000, 26_000]);
    expectConsecutiveIds(rows, 1_000, 30_000);
  }, 120_000);

  it("10 columns, concurrently: 75,000 rows in 3 pages, rows in order", async () => {
    const table = await env
      .client()
      .table({ executionId: transfers }, { offset: 800_000, limit: 75_000, concurrency: 3 });
    expect(table.requestCount).toBe(3);
    expect(table.types).toEqual([
      "bigint",
      "timestamp",
      "date",
      "varchar",
      "varchar",
      "double",
      "integer",
      "boolean",
      "bigint",
      "varchar",
    ]);
    expectConsecutiveIds(table.rows, 800_000, 75_000);
    expect(table.hasMore).toBe(true);
  }, 120_000);

  it("37 columns: floor(250,000 / 37) = 6,756 rows a page", async () => {
    const table = await env.client().table({ executionId: wide });
    expect(table.columns).toHaveLength(37);
    expect(table.columns[0]).toBe("id");
    expect(table.requestCount).toBe(3);
    expectConsecutiveIds(table.rows, 0, 20_000);
    expect(table.rows[19_999]![36]).toBeCloseTo((19_999 * 36) / 3, 3);
  }, 120_000);

  it("a limit smaller than a page is one request", async () => {
    const table = await env.client().table({ executionId: transfers }, { offset: 999_990, limit: 5 });
    expect(table.requestCount).toBe(1);
    expectConsecutiveIds(table.rows, 999_990, 5);
    expect(table.hasMore).toBe(true);
  });

  it("a limit past the end gives what exists", async () => {
    const table = await env.client().table({ executionId: transfers }, { offset: 999_990, limit: 100 });
    expectConsecutiveIds(table.rows, 999_990, 10);
    expect(table.hasMore).toBe(false);
  });

  it("CSV source (latest result of the query): header rows of later pages dropped, in order", async () => {
    const table = await env.client().table({ queryId: 1003 }, { offset: 100_000, limit: 30_000 });
    expect(table.columns[0]).toBe("id");
    expect(table.rows.some((row) => row[0] === "id")).toBe(false);
    expectConsecutiveIds(table.rows, 100_000, 30_000);
    expect(table.types[0]).toBe("bigint");
  }, 120_000);

  it("CSV source to the end (total unknown): windows fetched ahead past the end are harmless", async () => {
    const table = await env.client().table({ queryId: 1007 });
    expect(table.columns).toHaveLength(37);
    expectConsecutiveIds(table.rows, 0, 20_000);
    expect(table.hasMore).toBe(false);
    expect(table.types.slice(1).every((t) => t === "double" || t === "bigint")).toBe(true);
  }, 120_000);

  it("leaving early stops after the pages in hand", async () => {
    let pages = 0;
    for await (const page of env.client().pages({ executionId: transfers }, { columns: "id,symbol" })) {
      pages++;
      expect(page.rows).toHaveLength(125_000);
      if (pages === 2) break;
    }
    expect(pages).toBe(2);
  }, 60_000);
});
