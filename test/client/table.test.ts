import { collectTable, type TableCapProgress } from "../../src/client/paging/table";
import type { Page } from "../../src/client";

const page = (offset: number, rows: unknown[][], last: boolean): Page => ({
  columns: ["a", "b"],
  types: ["varchar", "bigint"],
  typesInferred: false,
  rows,
  offset,
  partial: false,
  requests: 1,
  totalRowCount: 6,
  ...(last ? {} : { nextOffset: offset + rows.length }),
});

/** Three pages of two rows; records how many were asked for and whether the iteration was left early. */
function source() {
  const seen = { pages: 0, left: false };
  async function* pages(): AsyncGenerator<Page> {
    try {
      for (let p = 0; p < 3; p++) {
        seen.pages++;
        yield page(
          p * 2,
          [
            ["xxxx", p],
            ["yyyy", p],
          ],
          p === 2,
        );
      }
    } finally {
      seen.left = seen.pages < 3;
    }
  }
  return { pages: pages(), seen };
}

class TooLarge extends Error {
  constructor(readonly progress: TableCapProgress) {
    super("too large");
  }
}

describe("collectTable with a byte cap", () => {
  const measure = (value: unknown) => String(value).length;

  it("rejects with the caller's error after the page that passes the cap, and leaves the pages", async () => {
    const { pages, seen } = source();
    const error = await collectTable(pages, {
      byteCap: { bytes: 12, measure, tooLarge: (progress) => new TooLarge(progress) },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLarge);
    // Each page measures 4 + 1 + 4 + 1 = 10: the second page passes 12.
    expect((error as TooLarge).progress).toEqual({ rows: 4, columns: 2, bytes: 20, totalRows: 6, complete: false });
    expect(seen).toEqual({ pages: 2, left: true });
  });

  it("says complete when the last page passes the cap", async () => {
    const { pages } = source();
    const error = await collectTable(pages, {
      byteCap: { bytes: 25, measure, tooLarge: (progress) => new TooLarge(progress) },
    }).catch((e: unknown) => e);
    expect((error as TooLarge).progress).toMatchObject({ rows: 6, bytes: 30, complete: true });
  });

  it("collects everything under the cap, and without one", async () => {
    for (const options of [{ byteCap: { bytes: 30, measure, tooLarge: () => new Error("no") } }, {}]) {
      const { pages, seen } = source();
      const table = await collectTable(pages, options);
      expect(table).toMatchObject({ rowCount: 6, totalRowCount: 6, hasMore: false, requestCount: 3 });
      expect(seen.left).toBe(false);
    }
  });
});
