import { access } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { FetchLike } from "../../src/client";
import { row } from "../xlsx/support/build-workbook";
import { bytesOf, formula, NOW, num, reportSpec, writeBook } from "./support/report-book";
import { refresh } from "./support/run";

const env = { SERVICE_API_KEY: "test-key-never-sent", SERVICE_API_BASE_URL: "http://127.0.0.1:9" };
const now = () => NOW;
/** No request may be made: the file has nothing the service could bring up to date. */
const noFetch: FetchLike = () => Promise.reject(new Error("no request was expected"));

/** A workbook Excel saved with volatile formulas and no SERVICE cell (their cached values as Excel last computed). */
function volatileBook(date1904 = false) {
  return {
    ...(date1904 ? { date1904 } : {}),
    sheets: [
      {
        name: "Sheet1",
        dimension: "A1:B4",
        rows:
          row(1, formula("A1", "RAND()", 0.7172) + num("B1", 5)) +
          row(2, formula("A2", "RANDBETWEEN(1,6)", 4)) +
          row(3, formula("A3", "NOW()", 46000.25) + formula("B3", "TODAY()-B1", 45995)) +
          row(4, formula("A4", "A1*2", 1.4344)),
      },
    ],
  };
}

describe("npm run refresh on a file with nothing to refresh", () => {
  test("volatile formulas and no SERVICE cell: nothing is written, and the report says there was nothing to refresh", async () => {
    const file = await writeBook(volatileBook());
    const before = await bytesOf(file);
    const out = join(dirname(file), "out.xlsx");
    const run = await refresh([file, "--out", out, "--json"], env, { now, fetch: noFetch });
    const report = JSON.parse(run.out);
    expect(run.code).toBe(0);
    expect(report.summary).toBe(
      `Nothing to refresh: ${file} holds no SERVICE cell and no bound table; it was left as it was, and nothing was written to ${out}.`,
    );
    expect(report.dependents).toEqual([]);
    expect(report.written).toBeUndefined();
    expect(await bytesOf(file)).toEqual(before);
    await expect(access(out)).rejects.toThrow();
  });

  test("the dry run says the same", async () => {
    const file = await writeBook(volatileBook());
    const run = await refresh([file, "--dry-run"], env, { now, fetch: noFetch });
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Nothing to refresh: ${file} holds no SERVICE cell and no bound table`);
  });

  test("a 1904-date workbook with nothing to refresh is not refused, and not touched", async () => {
    const file = await writeBook(volatileBook(true));
    const before = await bytesOf(file);
    const run = await refresh([file, "--json"], env, { now, fetch: noFetch });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out).summary).toMatch(/^Nothing to refresh: /);
    expect(await bytesOf(file)).toEqual(before);
  });

  test("a 1904-date workbook with SERVICE cells is refused before any request, its dates being the engine's to compute", async () => {
    const file = await writeBook({ ...reportSpec(), date1904: true });
    const before = await bytesOf(file);
    const run = await refresh([file, "--json"], env, { now, fetch: noFetch });
    expect(run.code).toBe(3);
    expect(JSON.parse(run.out).summary).toBe(
      `"${file}" uses the 1904 date system, whose dates the refresh does not compute; nothing was written. ` +
        "Refresh it in Excel, or switch it to the 1900 date system there (File > Options > Advanced; its dates then need checking).",
    );
    expect(await bytesOf(file)).toEqual(before);
  });
});
