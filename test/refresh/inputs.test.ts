import { ManualClock } from "../support/manual-clock";
import { row } from "../xlsx/support/build-workbook";
import { formula, NOW, reportSpec, text, writeBook } from "./support/report-book";
import { refresh } from "./support/run";

/** What the plan of a dry run says a cell's inputs are: computed from the file at the refresh's clock. */
async function plannedRun(queryFormula: string, clock: ManualClock, extra: Parameters<typeof reportSpec>[0] = {}) {
  const file = await writeBook(reportSpec({ queryFormula, ...extra }));
  const run = await refresh([file, "--dry-run", "--rerun", "stale", "--json"], {}, { now: () => clock.now() });
  return { run, report: JSON.parse(run.out) };
}

describe("inputs computed by the formula engine", () => {
  test("=EOMONTH(TODAY(),-1) is computed at the refresh's date, not read from the file's cached value", async () => {
    const clock = new ManualClock(NOW);
    const march = await plannedRun('_xldudf_SERVICE_QUERY(1001,"since",B1)', clock);
    expect(march.report.runs[0].parameters).toEqual({ since: "2026-02-28" });
    clock.set("2026-05-02T08:00:00Z");
    const may = await plannedRun('_xldudf_SERVICE_QUERY(1001,"since",B1)', clock);
    expect(may.report.runs[0].parameters).toEqual({ since: "2026-04-30" });
  });

  test.each([
    [
      '_xldudf_SERVICE_QUERY(1001,"since",TEXT(EOMONTH(TODAY(),-1),"yyyy-mm-dd"),"days",2+1)',
      { since: "2026-02-28", days: 3 },
    ],
    ['_xldudf_SERVICE_QUERY(1001,"since",Period)', { since: "2026-02-28" }],
    ['_xldudf_SERVICE_QUERY(1001,"since",Report!$B$1,"symbol",A20)', { since: "2026-02-28", symbol: "WBTC" }],
    ["_xldudf_SERVICE_QUERY(1001,A22:B23)", { symbol: "ARB", days: 5 }],
    [
      '_xldudf_SERVICE_QUERY(1001,"symbol",LOWER(A20)&"x","since",EDATE(Period,-1)+1)',
      { symbol: "wbtcx", since: "2026-01-29" },
    ],
  ])("%s: literals, references, names, ranges and expressions", async (f, parameters) => {
    const { report } = await plannedRun(f, new ManualClock(NOW), {
      extraRows:
        row(20, text("A20", "WBTC")) +
        row(22, text("A22", "symbol") + text("B22", "ARB")) +
        row(23, text("A23", "days") + '<c r="B23"><v>5</v></c>'),
      definedNames: '<definedName name="Period">Report!$B$1</definedName>',
    });
    expect(report.runs[0].parameters).toEqual(parameters);
  });

  test("an input the engine cannot compute holds the cell with a message; the others go on", async () => {
    const { run, report } = await plannedRun('_xldudf_SERVICE_QUERY(1001,"since",B12)', new ManualClock(NOW), {
      extraRows: row(12, formula("B12", '_xlfn.CUBEVALUE("Sales","[Measures].[Total]")', 46000)),
    });
    expect(run.code).toBe(6);
    expect(report.cells[1]).toMatchObject({ cell: "Report!B8", status: "failed" });
    expect(report.cells[1].message).toMatch(/An input cannot be computed: Report!B12 computes to #NAME\? \(CUBEVALUE/);
    expect(report.cells[0]).toMatchObject({ cell: "Report!B2", status: "planned" });
    expect(report.runs).toEqual([]);
  });

  test("an input that comes from another SERVICE result is left to Excel, named", async () => {
    const { report } = await plannedRun(
      '_xldudf_SERVICE_QUERY(1001,"symbol",INDEX(_xlfn.ANCHORARRAY(B2),2,1))',
      new ManualClock(NOW),
    );
    expect(report.cells[1].status).toBe("skipped");
    expect(report.cells[1].message).toContain("Its inputs come from the SERVICE result in Report!B2");
  });

  test("arguments the add-in refuses are refused with the add-in's message, at no cost", async () => {
    const { report } = await plannedRun('_xldudf_SERVICE_QUERY(1001,"symbol")', new ManualClock(NOW), {
      datasetOptions: '"limit=3","colour=red"',
    });
    const held = (addin: string) =>
      `Its formula cannot be read: ${addin}. The cell is left as it is; it costs nothing.`;
    expect(report.cells[0].message).toBe(
      held(
        'Unknown option "colour" for SERVICE.DATASET; options: filters, sort_by, columns, limit, offset, sample_count, allow_partial_results, headers, timestamps, array_join, max_credits, auto_refresh, source_note, chain, market',
      ),
    );
    expect(report.cells[1].message).toBe(held('Parameter "symbol" has no value: give names and values in pairs'));
    expect(report.runs).toEqual([]);
  });

  test("unknown SERVICE names and calls inside larger formulas are held, never guessed", async () => {
    const { report } = await plannedRun("_xldudf_SERVICE_FORECAST(1001)", new ManualClock(NOW), {
      extraRows: row(14, formula("B14", '1+_xldudf_service_results(1002,"limit=1")', 3)),
    });
    expect(report.cells.slice(1)).toEqual([
      expect.objectContaining({
        cell: "Report!B8",
        function: "FORECAST",
        status: "failed",
        message:
          "Its formula cannot be read: SERVICE.FORECAST is not a function of the add-in; its functions are " +
          "SERVICE.DATASET, SERVICE.QUERY, SERVICE.RESULTS, SERVICE.SOURCE, SERVICE.STATUS. The cell is left as it is; " +
          "it costs nothing.",
      }),
      expect.objectContaining({ cell: "Report!B14", function: "RESULTS", status: "skipped" }),
    ]);
  });
});
