import { DATASET_NAMES } from "../../src/client";
// A parity test: the formula the pane writes must mean, to the functions' own argument reader, what the pane meant.
import { datasetRequest as functionsDatasetRequest, readArguments } from "../../src/service-cells";
import { DATASET_CHOICES } from "../../src/taskpane/logic/dataset-catalog";
import { datasetFormula, formulaString } from "../../src/taskpane/logic/dataset-formula";
import { DatasetPickerController, choiceRequest } from "../../src/taskpane/logic/dataset-picker";
import { createWorkbook } from "../../src/playground/workbook";

describe("formula text", () => {
  test.each([
    [{ name: "avs", args: [], params: {} }, '=SERVICE.DATASET("avs")'],
    [{ name: "dex", args: ["base"], params: { limit: 10 } }, '=SERVICE.DATASET("dex","base","limit=10")'],
    [
      {
        name: "marketshare",
        args: ["nft", "ethereum"],
        params: { sort_by: "volume_usd desc", columns: "project,volume_usd" },
      },
      '=SERVICE.DATASET("marketshare","nft","ethereum","sort_by=volume_usd desc","columns=project,volume_usd")',
    ],
    [
      { name: "dex", args: ["base"], params: { filters: `token_pair = 'WETH-USDC'` }, headers: false },
      `=SERVICE.DATASET("dex","base","filters=token_pair = 'WETH-USDC'","headers=FALSE")`,
    ],
    [
      { name: "users", args: [], params: { filters: 'fname = "a"' } },
      '=SERVICE.DATASET("users","filters=fname = ""a""")',
    ],
    [{ name: "users", args: [], params: { limit: 0 } }, '=SERVICE.DATASET("users","limit=0")'],
  ])("%j → %s", (input, formula) => {
    expect(datasetFormula(input)).toBe(formula);
  });

  test("text longer than Excel's 255-character constants is joined with &", () => {
    const long = "x".repeat(600);
    expect(formulaString(long)).toBe(`"${"x".repeat(255)}"&"${"x".repeat(255)}"&"${"x".repeat(90)}"`);
    expect(formulaString("")).toBe('""');
  });

  test("the functions read the formula's arguments back as the same request", () => {
    const input = {
      name: "marketshare",
      args: ["dex", "base"],
      params: { filters: "trades > 5", sort_by: "time desc", columns: "time,project", limit: 25 },
    };
    const formula = datasetFormula(input);
    // Excel hands each argument over as a 1×1 matrix; undo the formula quoting the way Excel parses it.
    const literals = [...formula.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
    const [name, ...rest] = literals;
    const read = readArguments(
      "DATASET",
      rest.map((v) => [[v]]),
    );
    const request = functionsDatasetRequest(name, read.positional, read.options);
    expect(request.source).toMatchObject({ kind: "dataset", path: "/v1/marketshare/dex/base" });
    expect(request.params).toEqual({ columns: "time,project", filters: "trades > 5", sort_by: "time desc", limit: 25 });
  });
});

describe("dataset picker", () => {
  test("offers every dataset the client knows, with the allowed argument values", () => {
    expect(DATASET_CHOICES.map((d) => d.name).sort()).toEqual([...DATASET_NAMES].sort());
    expect(DATASET_CHOICES.find((d) => d.name === "dex")!.args[0]!.allowed).toContain("zk_sync");
    expect(DATASET_CHOICES.find((d) => d.name === "marketshare")!.args.map((a) => a.allowed[0])).toEqual([
      "dex",
      "arbitrum",
    ]);
  });

  test("the formula follows the choice; a new dataset resets arguments and options", () => {
    const picker = new DatasetPickerController({ run: createWorkbook().run });
    picker.choose("dex");
    expect(picker.store.state.formula).toBe('=SERVICE.DATASET("dex","ethereum")');
    picker.update({
      args: { chain: "base" },
      columns: ["usd_liquidity", "token_pair"],
      sortBy: "usd_liquidity desc",
      limit: " 20 ",
    });
    expect(picker.store.state.formula).toBe(
      '=SERVICE.DATASET("dex","base","sort_by=usd_liquidity desc","columns=token_pair,usd_liquidity","limit=20")',
    );
    expect(picker.source()).toEqual({
      kind: "dataset",
      name: "dex",
      args: ["base"],
      params: { sort_by: "usd_liquidity desc", columns: "token_pair,usd_liquidity", limit: 20 },
    });
    picker.choose("marketshare");
    expect(picker.store.state.choice).toMatchObject({
      args: { market: "dex", chain: "ethereum" },
      columns: [],
      sortBy: "",
      limit: "",
    });
  });

  test.each([
    [{ limit: "ten" }, "Limit must be a whole number of rows (or blank for all)."],
    [{ limit: "-1" }, "Limit must be a whole number of rows (or blank for all)."],
    [{ args: { chain: "mars" } }, "Choose a chain from the list."],
  ])("a choice that cannot work says what to fix: %j", (patch, problem) => {
    const base = {
      name: "dex",
      args: { chain: "base" },
      filters: "",
      sortBy: "",
      columns: [],
      limit: "",
      headers: true,
    };
    expect(choiceRequest({ ...base, ...patch })).toEqual({ problem });
  });

  test("Insert formula writes the live formula at the active cell", async () => {
    const wb = createWorkbook();
    wb.select("Sheet1", "C4");
    const picker = new DatasetPickerController({ run: wb.run });
    picker.choose("channels");
    picker.update({ limit: "5", headers: false });
    expect(await picker.insertFormula()).toBe(true);
    expect(wb.inspect.cell("Sheet1", "C4").formula).toBe('=SERVICE.DATASET("channels","limit=5","headers=FALSE")');
    expect(picker.store.state.message).toMatch(/^Formula inserted at Sheet1!C4\./);
  });
});

describe("the Filters and Sort by placeholders", () => {
  test.each(DATASET_CHOICES.map((d) => [d.name, d] as const))("name a column %s has", (_, info) => {
    const filterColumn = info.filterExample.split(" ")[0];
    const sortColumn = info.sortExample.split(" ")[0];
    expect(info.columns).toContain(filterColumn);
    expect(info.columns).toContain(sortColumn);
  });
  test("a numeric column is compared with a number, a text column with quoted text", () => {
    expect(DATASET_CHOICES.find((d) => d.name === "dex")?.filterExample).toBe("one_day_volume > 1000");
    expect(DATASET_CHOICES.find((d) => d.name === "operators")?.filterExample).toBe("operator_name = 'text'");
  });
});
