import type { Page } from "../../src/client";
import { paginate } from "../../src/client/paging/pages";
import type { PageFetcher, RawPage } from "../../src/client/paging/raw-page";

// A page is the service's response as paging read it, plus where it starts and what it took: every field of the
// response reaches the caller, none is listed (and so possibly forgotten) a second time.
describe("a page carries every field of the response it was read from", () => {
  const raw: RawPage = {
    columns: ["symbol", "price"],
    types: ["varchar", "double"],
    typesInferred: false,
    rows: [["ETH", 3000]],
    totalRowCount: 1,
    partial: true,
    state: "QUERY_STATE_COMPLETED_PARTIAL",
    executionId: "01HEXAMPLE",
    endedAt: "2026-11-27T10:00:00Z",
    expiresAt: "2027-02-25T10:00:00Z",
    bytes: 412,
    queryId: 1001,
  };

  async function pagesOf(fetchPage: PageFetcher, sample: boolean): Promise<Page[]> {
    const pages: Page[] = [];
    for await (const page of paginate(fetchPage, { sample, ignoreMaxDatapoints: false, concurrency: 1 })) {
      pages.push(page);
    }
    return pages;
  }

  it.each([
    ["a sample", true],
    ["a first page", false],
  ])("%s", async (_name, sample) => {
    const pages = await pagesOf(() => Promise.resolve({ ...raw, rows: raw.rows.map((row) => [...row]) }), sample);
    expect(pages).toStrictEqual([{ ...raw, offset: 0, requests: 1 }]);
  });

  it("and no field the response did not have", async () => {
    const bare: RawPage = { columns: ["a"], types: ["integer"], typesInferred: true, rows: [[1]], partial: false };
    const pages = await pagesOf(() => Promise.resolve({ ...bare }), false);
    expect(pages).toStrictEqual([{ ...bare, offset: 0, requests: 1 }]);
    expect(Object.keys(pages[0]!).sort()).toEqual([...Object.keys(bare), "offset", "requests"].sort());
  });
});
