import { readArguments } from "../../src/service-cells/arguments";
import { datasetRequest, resultsRequest } from "../../src/service-cells/request";

/** What Excel passes for a repeating matrix parameter: each argument as a matrix (a single value as 1×1). */
const args = (...items: unknown[]): unknown[][][] =>
  items.map((item) => (Array.isArray(item) ? (item as unknown[][]) : [[item]]));

describe("readArguments: options typed in cells", () => {
  const cases: [string, unknown[][][], object][] = [
    ["nothing", [], {}],
    ["name=value text", args("limit=10", "columns=a, b"), { limit: 10, columns: "a, b" }],
    [
      "only the first = splits (filters contain =)",
      args("filters=token_pair = 'WETH-USDC'"),
      { filters: "token_pair = 'WETH-USDC'" },
    ],
    [
      "names are case- and space-insensitive",
      args("Sort By=usd_liquidity desc", "SAMPLE-COUNT=5"),
      { sort_by: "usd_liquidity desc", sample_count: 5 },
    ],
    [
      "guessable aliases",
      args("filter=x > 1", "sort=x", "cols=x", "partial=TRUE"),
      { filters: "x > 1", sort_by: "x", columns: "x", allow_partial_results: true },
    ],
    [
      "a two-column range of names and values",
      args([
        ["limit", 5],
        ["offset", 10],
        ["", ""],
        ["allow_partial_results", true],
      ]),
      { limit: 5, offset: 10, allow_partial_results: true },
    ],
    [
      "a two-column range with a header row",
      args([
        ["Name", "Value"],
        ["limit", 3],
      ]),
      { limit: 3 },
    ],
    ["a column of name=value cells", args([["limit=2"], [""], ["sort_by=x"]]), { limit: 2, sort_by: "x" }],
    ["a blank value means not given", args("limit=", [["offset", null]]), {}],
  ];

  it.each(cases)("%s", (_name, items, server) => {
    expect(readArguments("RESULTS", items).options.server).toEqual(server);
  });

  it.each([
    ["headers=false", { headers: false }],
    ["headers=0", { headers: false }],
    ["header=no", { headers: false }],
    ["timestamps=excel", { timestamps: "excel-date" }],
    ["dates=Excel-Date", { timestamps: "excel-date" }],
    ["array_join= | ", { arrayJoin: "| " }],
    ["join=;", { arrayJoin: ";" }],
  ])("render option %s", (text, expected) => {
    expect(readArguments("RESULTS", args(text)).options.render).toMatchObject(expected);
  });

  it("render defaults: header row, ISO text timestamps, arrays joined with a comma and a space, the source noted", () => {
    expect(readArguments("DATASET", []).options).toMatchObject({
      render: { headers: true, timestamps: "text", arrayJoin: ", ", sourceNote: true },
      autoRefresh: true,
    });
  });

  it("positional values stay positional (dataset path arguments)", () => {
    const read = readArguments("DATASET", args("dex", " ethereum ", "limit=1"));
    expect(read.positional).toEqual(["dex", "ethereum"]);
    expect(read.options.server).toEqual({ limit: 1 });
  });

  it.each([
    ["source_note=false", false],
    ["note=off", false],
    ["Source Note=TRUE", true],
  ])("DATASET's %s", (text, expected) => {
    expect(readArguments("DATASET", args(text)).options.render.sourceNote).toBe(expected);
  });

  it.each([
    [
      "unknown option, listing the valid ones",
      "DATASET",
      args("colour=red"),
      /Unknown option "colour" for SERVICE.DATASET; options: filters, sort_by, columns, limit, offset, sample_count, allow_partial_results, headers, timestamps, array_join, max_credits, auto_refresh, source_note, chain, market/,
    ],
    [
      "auto_refresh is a DATASET option only",
      "RESULTS",
      args("auto_refresh=false"),
      /Unknown option "auto_refresh" for SERVICE.RESULTS/,
    ],
    ["chain is a DATASET option only", "RESULTS", args("chain=base"), /Unknown option "chain"/],
    ["an option given twice", "RESULTS", args("limit=1", "rows=2"), /Option limit is given twice/],
    ["a limit that is not a whole number", "RESULTS", args("limit=ten"), /limit must be a whole number ≥ 0; got "ten"/],
    ["a negative offset", "RESULTS", args([["offset", -1]]), /offset must be a whole number/],
    ["a boolean that is not one", "RESULTS", args("headers=maybe"), /headers must be TRUE or FALSE/],
    [
      "an unknown timestamp mode",
      "RESULTS",
      args("timestamps=unix"),
      /timestamps must be one of text, excel, excel-date, serial/,
    ],
    [
      "a range cell that is not name=value",
      "RESULTS",
      args([["limit=1", "x", "y"]]),
      /Options in a range must be "name=value" text/,
    ],
  ] as const)("refuses %s", (_name, fn, items, message) => {
    expect(() => readArguments(fn, items)).toThrow(message);
  });
});

describe("canonical requests: one cache key per meaning", () => {
  const key = (name: string, ...items: unknown[]): string => {
    const { positional, options } = readArguments("DATASET", args(...items));
    return datasetRequest(name, positional, options).key;
  };
  const resultsKey = (id: unknown, ...items: unknown[]): string => {
    const { positional, options } = readArguments("RESULTS", args(...items));
    return resultsRequest(id, positional, options).key;
  };

  it.each([
    ["case and spaces of names and chains", key("DEX", "Ethereum"), key("dex", " ethereum ")],
    ["named chain = positional chain", key("dex", "chain=ethereum"), key("dex", "ethereum")],
    ["named market and chain", key("marketshare", "chain=base", "market=nft"), key("marketshare", "nft", "base")],
    ["option order", key("avs", "limit=5", "sort_by=x"), key("avs", "sort_by=x", "limit=5")],
    ["column list spacing", key("avs", "columns= a ,b"), key("avs", "columns=a,b")],
    ["aliases", key("avs", "sort=x"), key("avs", "order_by=x")],
    ["render options are not part of the request", key("avs", "headers=false", "timestamps=excel"), key("avs")],
    ["endpoint alias", key("avs-stats"), key("avs")],
    ["query id as number or digits", resultsKey(1002), resultsKey(" 1002 ")],
  ])("%s", (_name, a, b) => {
    expect(a).toBe(b);
  });

  it.each([
    ["different filters", key("avs", "filters=a > 1"), key("avs", "filters=a > 2")],
    ["different chain", key("dex", "ethereum"), key("dex", "base")],
    ["execution id vs query id", resultsKey("01ABC"), resultsKey(1)],
  ])("%s give different keys", (_name, a, b) => {
    expect(a).not.toBe(b);
  });

  it.each([
    [
      "unknown dataset, listing the six",
      () => key("tvl"),
      /Unknown dataset "tvl"; allowed: avs, operators, dex <chain>, marketshare <market> <chain>, channels, users/,
    ],
    [
      "unknown chain, listing the chains",
      () => key("dex", "mars"),
      /Unknown chain "mars" for dataset "dex"; allowed: arbitrum, base, bnb/,
    ],
    [
      "unknown market",
      () => key("marketshare", "stocks", "ethereum"),
      /Unknown market "stocks" for dataset "marketshare"; allowed: dex, nft/,
    ],
    ["missing chain", () => key("dex"), /Dataset "dex" takes 1 argument \(chain\); got 0/],
    ["a path argument for a dataset without one", () => key("avs", "ethereum"), /Dataset "avs" takes 0 arguments/],
    ["chain= for a dataset without one", () => key("users", "chain=base"), /Dataset "users" takes 0 arguments/],
    ["RESULTS without an id", () => resultsKey(""), /needs an execution id \(text\) or a query id \(number\)/],
    ["RESULTS with a fractional query id", () => resultsKey(3.5), /positive whole number/],
    ["RESULTS with a stray positional value", () => resultsKey("01ABC", "10"), /did you mean "limit=10"/],
  ])("refuses %s", (_name, make, message) => {
    expect(make).toThrow(message);
  });

  it("a number is a query id (E5), text an execution id (E2)", () => {
    expect(resultsRequest(1002, [], readArguments("RESULTS", []).options).source).toEqual({
      kind: "query",
      queryId: 1002,
    });
    expect(resultsRequest("01HX", [], readArguments("RESULTS", []).options).source).toEqual({
      kind: "execution",
      executionId: "01HX",
    });
  });
});
