import { readCredits, addCredits, billingPlan } from "../../../src/billing";
import { type FetchLike, type ReadRecord } from "../../../src/client";
import { DEMO_QUERIES } from "../../../src/service";
import { TEST_KEYS } from "../../support/service";
import { transfersCut } from "../../support/transfers-cut";
import { expectConsecutiveIds, useService } from "./harness";

// The transfers' columns and values, cut to the 100,000 rows these tests read.
const TRANSFERS = transfersCut(100_000);

/**
 * What the client reports of each read: the exact bytes of the body as the service sent it before compression (the
 * billing rule), whether the service bills it, and large pages that lift the service's guard on purpose. The local
 * service bills by the same rule, so the usage endpoint's count is the check.
 */
describe("reads as the client counts them, against the local service", () => {
  const env = useService({
    billing: { demo: { plan: "free" }, carol: { plan: "plus", max_credits_per_request: 5 } },
    queries: [...DEMO_QUERIES, TRANSFERS],
  });
  let transfers = "";
  beforeAll(async () => {
    transfers = (await env.client().run(TRANSFERS.query_id)).executionId;
  }, 120_000);

  it("counts each page's body uncompressed (the service sends it gzipped), and the credits equal the service's count", async () => {
    const reads: ReadRecord[] = [];
    const encodings: (string | null)[] = [];
    const fetch: FetchLike = async (url, init) => {
      const response = await globalThis.fetch(url, init);
      encodings.push(response.headers.get("content-encoding"));
      return response;
    };
    const client = env.client({ fetch, observer: { read: (r) => reads.push(r) } });
    const before = (await client.usage()).billing_periods[0]!.credits_used;
    const table = await client.table({ executionId: transfers }, { limit: 30_000 });
    expect(table.rowCount).toBe(30_000);
    expect(encodings.filter((e) => e === "gzip").length).toBeGreaterThanOrEqual(2);
    // The same pages without compression: their lengths are what the client reported.
    const plain = await Promise.all(
      [
        [0, 25_000],
        [25_000, 5_000],
      ].map(async ([offset, limit]) => {
        const url = `${env.service.url}/v1/execution/${transfers}/results?limit=${limit}&offset=${offset}`;
        const response = await globalThis.fetch(url, {
          headers: { "X-Service-Api-Key": env.service.apiKey, "Accept-Encoding": "identity" },
        });
        return Buffer.byteLength(await response.text());
      }),
    );
    expect(reads.map((r) => [r.path, r.bytes, r.billed])).toEqual([
      [`/v1/execution/${transfers}/results`, plain[0], true],
      [`/v1/execution/${transfers}/results`, plain[1], true],
    ]);
    const after = (await client.usage()).billing_periods[0]!.credits_used;
    // The two identity reads above are billed too.
    const free = billingPlan("free");
    const ours = addCredits(...reads.map((r) => readCredits(r.bytes, free)));
    expect(addCredits(after, -before)).toBe(addCredits(ours, ...plain.map((b) => readCredits(b, free))));
  }, 120_000);

  it("the envelope of a run still going is told as a read the service does not bill", async () => {
    const client = env.client();
    const { execution_id } = await client.execute(1004);
    const reads: ReadRecord[] = [];
    await client.results(execution_id, { onRead: (r) => reads.push(r) });
    await client.cancel(execution_id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ billed: false });
    expect(reads[0]!.bytes).toBeGreaterThan(50);
  });

  it("pages of about maxPageBytes after a small first page: fewer requests, the guard lifted on purpose", async () => {
    const urls: string[] = [];
    const fetch: FetchLike = (url, init) => {
      urls.push(url);
      return globalThis.fetch(url, init);
    };
    const client = env.client({ fetch });
    const table = await client.table(
      { executionId: transfers },
      { limit: 100_000, firstPageRows: 100, maxPageBytes: 12_500_000 },
    );
    expectConsecutiveIds(table.rows, 0, 100_000);
    // 100 rows weigh about 25 KB: pages of about 50,000 rows, where the service's default page is 25,000.
    expect(urls.length).toBeLessThanOrEqual(4);
    expect(new URL(urls[0]!).searchParams.get("limit")).toBe("100");
    const later = urls.slice(1).map((url) => new URL(url).searchParams);
    for (const search of later) expect(search.get("ignore_max_credits_per_request")).toBe("true");
    expect(Number(later[0]!.get("limit"))).toBeGreaterThan(37_500);
  }, 120_000);

  it("pages smaller than the service's default where one default page would cost more than one request may", async () => {
    // Carol's key is capped at 5 credits per request (Plus: 2.5 MB); a default page of 25,000 rows is about 6 MB.
    const client = env.client({ apiKey: TEST_KEYS.carol });
    const run = await client.run(TRANSFERS.query_id);
    await expect(client.table({ executionId: run.executionId }, { limit: 50_000 })).rejects.toMatchObject({
      status: 402,
    });
    const reads: ReadRecord[] = [];
    const table = await client.table(
      { executionId: run.executionId },
      { limit: 50_000, firstPageRows: 100, maxPageBytes: 2_000_000, onRead: (r) => reads.push(r) },
    );
    expect(table.rowCount).toBe(50_000);
    expect(Math.max(...reads.map((r) => r.bytes))).toBeLessThanOrEqual(2_500_000);
  }, 120_000);
});
