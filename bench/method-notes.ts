/** How each section measures, written into RESULTS.md so the figures can be judged without reading the code. */
export const METHOD_NOTES: string[] = [
  "The local service runs in a child process (the real one: fastify + DuckDB, demo data); each measured pull runs in another fresh child process. " +
    "On a 2-core machine client and service still share the cores, which a real deployment would not; the CPU columns show who spent what.",
  "Full pull: three methods, alternating, medians. *ours* = `client.table()` (25,000-row pages = the 250,000-datapoint cap over 10 columns; first page alone, then 4 in flight when the total is known (JSON), one at a time when it is not (CSV, as the real service's rate limits require); rows to a matrix; CSV typed). " +
    "*naive* = one request at a time, 32,000 rows each (datapoint cap lifted so the pages really are 32,000 rows), `res.json()` and `columns.map(c => row[c])` per row " +
    "(CSV: papaparse `header` + `dynamicTyping`). *floor* = exactly the requests *ours* makes, issued the same way, answered by bare `fetch` + `JSON.parse` " +
    "(CSV: papaparse with no options, string fields) with nothing converted: the cost of the transport and parsing alone. Every method must deliver all 1,000,000 ids exactly once.",
  "All HTTP of the pulls goes through Node's global fetch, which asks for gzip (browsers over HTTPS also offer brotli, which the service prefers), so the service compresses every page for every method.",
  "Formulas: the real SERVICE functions (src/functions) on the playground's CustomFunctions runtime, the session's fetch counted; 100 streaming cells with one formula, then Refresh All.",
  "Writer: `writeMatrix` of a 100,000 x 12 matrix (header row included) as a table into the playground workbook, whose SyncStats record each sync's request bytes.",
  "Service: autocannon (in the bench process) against a service process of its own that serves the curated datasets too; 10 connections for small requests, 4 for 25,000-row pages (each at another offset, so none is cached), 200 for the mixed runs; requests say `Accept-Encoding: gzip, deflate, br` as a browser does over HTTPS.",
  "Playground: the built playground in headless Chromium against an in-process local service (the e2e harness); query 1003 run and inserted from the pane as a user would, on a fresh page each time. Long tasks from PerformanceObserver; the JS heap from the DevTools protocol every 250 ms.",
  "Bundle: `webpack --mode production` into a temporary directory; sizes of the emitted JavaScript per entry, raw and gzip (level 9).",
];
