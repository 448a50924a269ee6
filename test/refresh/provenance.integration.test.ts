import * as XLSX from "@e965/xlsx";
import { listBindings } from "../../src/excel";
import { readResultSource } from "../../src/service-cells";
import { ManualClock } from "../support/manual-clock";
import { startTestService, type TestService } from "../support/service";
import { row } from "../xlsx/support/build-workbook";
import {
  bindingSettings,
  bytesOf,
  formula,
  NOW,
  PAIRS_BINDING,
  reportSpec,
  text,
  writeBook,
} from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";
import { changedCells, documentOf, valuesAt } from "./support/workbook-diff";

const CAPTIONED = { ...PAIRS_BINDING, address: "Data!A2:B3", options: { headers: true, caption: true } };

/** Where the refreshed rows came from, kept current in the file: SERVICE.SOURCE cells and a table's caption row. */
describe("npm run refresh: provenance", () => {
  let service: TestService;
  let env: Record<string, string>;
  const now = () => NOW;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  /** The report, with the Pairs table one row lower under a caption row, and SERVICE.SOURCE cells in B12:B15. */
  function captionedSpec() {
    const spec = reportSpec({
      extraRows:
        row(12, formula("B12", "_xldudf_SERVICE_SOURCE(C3)", "old", "str")) +
        row(13, formula("B13", "_xldudf_SERVICE_SOURCE(Data!B3)", "old", "str")) +
        row(14, formula("B14", '_xldudf_SERVICE_SOURCE("B2")', "#VALUE!", "e")) +
        row(15, formula("B15", "_xldudf_SERVICE_SOURCE(A20)", "#N/A", "e")),
      settings: {
        ...bindingSettings([CAPTIONED]),
        "service.queryPage": JSON.stringify("https://queries.example.com/q/{query_id}"),
      },
    });
    spec.sheets[1] = {
      ...spec.sheets[1]!,
      dimension: "A1:B3",
      rows:
        row(1, text("A1", "an old caption")) +
        row(2, text("A2", "token_pair") + text("B2", "chain")) +
        row(3, text("A3", "OLD/PAIR") + text("B3", "base")),
      tables: [{ name: "Pairs", ref: "A2:B3", columns: ["token_pair", "chain"] }],
    };
    return spec;
  }

  test("SOURCE cells name the refreshed result or table they point into; the caption row and the binding follow", async () => {
    const file = await writeBook(captionedSpec());
    const before = await bytesOf(file);
    const run = await refresh([file, "--json"], env, { now });
    const report = JSON.parse(run.out);
    const after = await bytesOf(file);

    const [b12, b13] = valuesAt(after, "Report", [["B12"], ["B13"]]).map((r) => r[0] as string);
    // The dataset cell's spill (C3 is inside it): its dataset, slot, query and run, with the workbook's page pattern.
    expect(b12).toMatch(/^Dataset dex \(ethereum\), refresh slot 2026-03-15 \d\d:\d\d UTC; query 3568055; execution /);
    expect(b12.endsWith("; https://queries.example.com/q/3568055")).toBe(true);
    // The table's cells and its caption row say the same, and its binding keeps it.
    const [caption] = valuesAt(after, "Data", [["A1"]])[0] as string[];
    expect(b13).toBe(caption);
    expect(caption).toMatch(/^Dataset dex \(ethereum\), refresh slot .*; read 2026-03-15 10:00 UTC; https:/);
    const [binding] = listBindings(documentOf(after));
    expect(readResultSource(binding!.source)).toMatchObject({ kind: "dataset", readAt: new Date(NOW).toISOString() });
    expect(binding!.address).toBe("Data!A2:B4"); // limit=2;
    expect(changedCells(before, after, "Data")).toContain("A1");

    const cells = new Map(report.cells.map((c: { cell: string }) => [c.cell, c]));
    expect(cells.get("Report!B12")).toMatchObject({ function: "SOURCE", status: "refreshed" });
    expect(cells.get("Report!B13")).toMatchObject({ status: "refreshed" });
    // A value has no address: the add-in's own message; nothing at A20: left as it was.
    expect(cells.get("Report!B14")).toMatchObject({ status: "failed" });
    expect((cells.get("Report!B14") as { message: string }).message).toMatch(/needs a reference to a cell/);
    expect(cells.get("Report!B15")).toMatchObject({ status: "unchanged" });
    expect(valuesAt(after, "Report", [["B15"]])).toEqual([[{ error: "#N/A" }]]);
  });

  test("a second refresh with nothing new leaves the SOURCE lines as they are", async () => {
    const file = await writeBook(captionedSpec());
    await refresh([file], env, { now });
    const once = await bytesOf(file);
    const report = JSON.parse((await refresh([file, "--json"], env, { now })).out);
    expect(valuesAt(await bytesOf(file), "Report", [["B12"]])).toEqual(valuesAt(once, "Report", [["B12"]]));
    expect(report.cells.find((c: { cell: string }) => c.cell === "Report!B12")).toMatchObject({ status: "unchanged" });
  });
});

describe("npm run refresh --snapshot", () => {
  let service: TestService;
  let env: Record<string, string>;
  const now = () => NOW;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  test("adds the previous month's sheet of the refreshed results as values, each under its place and source", async () => {
    const file = await writeBook(reportSpec());
    const before = await bytesOf(file);
    const run = await refresh([file, "--snapshot", "--json"], env, { now });
    expect(run.code).toBe(6); // the QUERY cell was never run (no --rerun): written, but not all fresh
    const report = JSON.parse(run.out);
    expect(report.snapshot).toBe("2026-02");
    const after = await bytesOf(file);
    expect(report.parts.added).toEqual(["xl/worksheets/sheet3.xml"]);
    expect(report.parts.changed).toEqual(
      expect.arrayContaining(["[Content_Types].xml", "xl/_rels/workbook.xml.rels", "xl/workbook.xml"]),
    );
    // An independent reader sees the new sheet, values only.
    const book = XLSX.read(after, { type: "array", cellFormula: true });
    expect(book.SheetNames).toEqual(["Report", "Data", "2026-02"]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["2026-02"]!, { header: 1, blankrows: true });
    expect(String(rows[0]![0])).toMatch(/^Snapshot of report\.xlsx, refreshed 2026-03-15T10:00Z$/);
    expect(rows[2]).toEqual(["From Report!B2:C5"]);
    expect(String(rows[3]![0])).toMatch(
      /^Dataset dex \(ethereum\), refresh slot .*https:\/\/dune\.com\/queries\/3568055$/,
    );
    const spill = valuesAt(after, "Report", [
      ["B2", "C2"],
      ["B3", "C3"],
      ["B4", "C4"],
      ["B5", "C5"],
    ]);
    expect(rows.slice(4, 8)).toEqual(spill);
    expect(rows[9]).toEqual(["From table Pairs (Data!A1:B3)"]);
    expect(rows[11]).toEqual(["token_pair", "chain"]);
    expect(rows.length).toBe(14); // its source, header and two rows: nothing else was refreshed
    expect(Object.values(book.Sheets["2026-02"]!).some((c) => typeof c === "object" && c && "f" in c)).toBe(false);
    expect(before.length).toBeGreaterThan(0);
  });

  test("a month already snapshotted is refused, and nothing is written", async () => {
    const file = await writeBook(reportSpec());
    await refresh([file, "--snapshot"], env, { now });
    const once = await bytesOf(file);
    // Found before anything is spent: no run, no read (it used to run the month's query first, then refuse).
    const fetch = recordingFetch();
    const run = await refresh([file, "--snapshot", "--snapshot-name", "2026-02"], env, { now, fetch });
    expect(run.code).toBe(3);
    expect(run.out + run.err).toMatch(/already has a sheet "2026-02"; nothing was run, read or written/);
    expect(fetch.requests).toEqual([]);
    expect(await bytesOf(file)).toEqual(once);
    const bad = await refresh([file, "--snapshot-name", "x"], env, { now });
    expect(bad.err).toMatch(/--snapshot-name goes with --snapshot/);
  });
});
