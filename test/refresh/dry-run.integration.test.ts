import { ManualClock } from "../support/manual-clock";
import { startTestService, waitFinished, type TestService } from "../support/service";
import { row } from "../xlsx/support/build-workbook";
import { NOW, reportSpec, serviceFormula, text, writeBook } from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";

interface CellLine {
  cell: string;
  status: string;
  message?: string;
}

/** What --dry-run says before anything is paid for: unreadable formulas at no cost, spills that cannot fit. */
describe("npm run refresh --dry-run", () => {
  let service: TestService;
  let env: Record<string, string>;
  let executionId: string;
  let rowCount: number;
  const now = () => NOW;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
    const res = await fetch(`${service.url}/v1/query/1002/execute`, {
      method: "POST",
      headers: { "X-Service-Api-Key": service.apiKey },
    });
    executionId = ((await res.json()) as { execution_id: string }).execution_id;
    const status = (await waitFinished(service.url, service.apiKey, executionId)) as {
      result_metadata: { total_row_count: number };
    };
    rowCount = status.result_metadata.total_row_count;
  }, 120_000);
  afterAll(async () => service.close());

  async function dryRun(extraRows: string, blockRow4?: string) {
    const file = await writeBook(reportSpec({ extraRows, ...(blockRow4 ? { blockRow4 } : {}) }));
    const fetch = recordingFetch();
    const run = await refresh([file, "--dry-run", "--json"], env, { now, fetch });
    const report = JSON.parse(run.out) as { cells: CellLine[]; estimate: { total: number } };
    const cell = (address: string) => report.cells.find((c) => c.cell === address)!;
    return { run, report, cell, requests: fetch.requests };
  }

  test("a formula it cannot read is named and costs nothing; nothing is sent for it", async () => {
    const plain = await dryRun("");
    const { cell, report, requests } = await dryRun(
      row(12, serviceFormula("B12", '_xldudf_SERVICE_NOPE("x")', "#NAME?", "e")) +
        row(14, serviceFormula("B14", '_xldudf_SERVICE_DATASET("dex",{1,2})', "#N/A", "e")),
    );
    expect(cell("Report!B12")).toMatchObject({ status: "failed" });
    expect(cell("Report!B12").message).toMatch(
      /^Its formula cannot be read: SERVICE\.NOPE is not a function.*costs nothing\.$/,
    );
    expect(cell("Report!B14").message).toMatch(/^Its formula cannot be read: Unknown option "1".*costs nothing\.$/);
    expect(report.estimate.total).toBe(plain.report.estimate.total);
    expect(requests).toEqual([]);
  });

  test("a limit that cannot fit above a filled cell: would be blocked, naming both", async () => {
    const { cell, requests } = await dryRun("", text("B4", "Total"));
    expect(cell("Report!B2")).toMatchObject({ status: "planned" });
    expect(cell("Report!B2").message).toBe(
      'Would be blocked: by its limit=3 it needs 4 rows × 2 columns (header included), Report!B2:C5, but Report!B4 holds "Total". ' +
        "Clear or move that cell (or move the formula) before the refresh; the real refresh would refuse the file after paying for its reads.",
    );
    expect(requests).toEqual([]);
  });

  test("a stored result's free status tells its size: would be blocked, or fits, at no billed request", async () => {
    const results = (r: number) =>
      row(r, serviceFormula(`E${r}`, `_xldudf_SERVICE_RESULTS("${executionId}")`, "#N/A", "e"));
    const below = 20 + rowCount; // header + rows fill E20:E(20+rowCount)
    const blocked = await dryRun(results(20) + row(below, text(`E${below}`, "Note")));
    expect(blocked.cell("Report!E20").message).toMatch(
      new RegExp(
        `^Would be blocked: by its free status's count of ${rowCount} rows it needs ${rowCount + 1} rows × \\d+ columns \\(header included\\), Report!E20:\\w+${below}, but Report!E${below} holds "Note"\\.`,
      ),
    );
    expect(blocked.requests).toEqual([{ method: "GET", url: `/v1/execution/${executionId}/status` }]);
    const fits = await dryRun(results(20) + row(below + 1, text(`E${below + 1}`, "Note")));
    expect(fits.cell("Report!E20").message).toBeUndefined();
  });

  test("a size it cannot know with something in the way: may be blocked, naming how far it can grow", async () => {
    const { cell } = await dryRun(
      row(12, serviceFormula("B12", '_xldudf_SERVICE_DATASET("dex","ethereum")', "#N/A", "e")) +
        row(15, text("B15", "Total")),
    );
    expect(cell("Report!B12").message).toBe(
      'May be blocked: its size is not known before it is read, and more than 3 rows would reach Report!B15, which holds "Total".',
    );
  });

  test("without a key nothing is sent: a stored result's size is not known, so it may be blocked", async () => {
    const file = await writeBook(
      reportSpec({
        extraRows:
          row(20, serviceFormula("E20", `_xldudf_SERVICE_RESULTS("${executionId}")`, "#N/A", "e")) +
          row(22, text("E22", "Note")),
      }),
    );
    const fetch = recordingFetch();
    const run = await refresh([file, "--dry-run", "--json"], {}, { now, fetch });
    const report = JSON.parse(run.out) as { cells: CellLine[] };
    expect(report.cells.find((c) => c.cell === "Report!E20")!.message).toMatch(
      /^May be blocked: .*more than 2 rows would reach Report!E22/,
    );
    expect(fetch.requests).toEqual([]);
  });
});
