import { ServiceClient } from "../../src/client";
import { emptySection } from "../../bench/report";
import { FRESH_PAGE_ROWS, freshOffsets, freshPageLoad, reportFreshPages } from "../../bench/service-fresh-pages";
import { API_KEY, startServiceProcess } from "../../bench/service-process";

test("fresh offsets visit every page once, consecutive pages far apart, and a later start continues the sequence", () => {
  const next = freshOffsets(1_000_000, 100);
  const offsets = Array.from({ length: 10_000 }, next);
  expect(new Set(offsets).size).toBe(10_000);
  for (const o of offsets) expect(o % 100).toBe(0);
  // Never two pages in a row within one row group of the service's files (16,384 rows).
  for (let i = 1; i < offsets.length; i++) expect(Math.abs(offsets[i]! - offsets[i - 1]!)).toBeGreaterThan(16_384);
  const later = freshOffsets(1_000_000, 100, 200);
  expect(Array.from({ length: 5 }, later)).toEqual(offsets.slice(200, 205));
  // A page count with common factors still gets a stride that reaches every page.
  const small = freshOffsets(20_000, 100);
  expect(new Set(Array.from({ length: 200 }, small)).size).toBe(200);
});

// The section's case end to end on a small result (query 1007: 20,000 rows): pages asked once each, measured
// against the service's CPU, and reported against status. The figures themselves are not asserted.
test("the fresh-page load asks each page once and reports it against status", async () => {
  const service = await startServiceProcess();
  try {
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: service.url });
    const run = await client.run(1007);
    const fresh = await freshPageLoad(service, run.executionId, 20_000, { amount: 40, connections: 2, start: 0 });
    expect(fresh).toMatchObject({ requests: 40, errors: 0, repeated: 0 });
    expect(fresh.cpuMsPerRequest).toBeGreaterThan(0);
    const section = emptySection("service", "4. Service");
    reportFreshPages(section, fresh, { rps: 1000, cpuMsPerRequest: fresh.cpuMsPerRequest / 2 });
    expect(section.tables[0]!.rows[1]![0]).toBe(`fresh ${FRESH_PAGE_ROWS}-row page (40 pages, 0 repeated)`);
    expect(section.targets[0]).toMatchObject({ verdict: "met", measured: expect.stringMatching(/^2\.00x/) });
  } finally {
    await service.stop();
  }
}, 120_000);
