import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWorkbook, row, type BookSpec, type SheetSpec } from "../../xlsx/support/build-workbook";

/** The add-in's manifest id (manifest.xml), as Excel names it in the workbook's web-extension part. */
export const ADDIN_ID = "9e067eea-3880-4a32-a0df-136e5e31f28e";

/** "2026-03-15T10:00:00Z": TODAY() is 2026-03-15, so EOMONTH(TODAY(),-1) is 2026-02-28 (serial 46081). */
export const NOW = Date.parse("2026-03-15T10:00:00Z");
export const LAST_MONTH_END = 46081;

const cell = (ref: string, inner: string, attrs = "") => `<c r="${ref}"${attrs}>${inner}</c>`;
export const text = (ref: string, s: string) => cell(ref, `<is><t>${s}</t></is>`, ' t="inlineStr"');
export const num = (ref: string, v: number, attrs = "") => cell(ref, `<v>${v}</v>`, attrs);
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** A formula cell with its cached value (`t` for text "str", error "e", boolean "b"). */
export function formula(ref: string, f: string, v: string | number, t = "", extra = ""): string {
  return cell(ref, `<f${extra}>${esc(f)}</f><v>${esc(String(v))}</v>`, `${t ? ` t="${t}"` : ""}`);
}

/**
 * A SERVICE cell as Excel 365 saves one whose result is a single cell: a dynamic-array formula (the add-in's functions
 * return a matrix) over its own cell, `<f t="array" ref="B8">` with `cm` pointing at the XLDAPR cell metadata (the
 * book needs `dynamicArrays: true`). Without `cm` it would be a legacy formula, which keeps one value.
 */
export function serviceFormula(ref: string, f: string, v: string | number, t = ""): string {
  return cell(ref, `<f t="array" ref="${ref}">${esc(f)}</f><v>${esc(String(v))}</v>`, `${t ? ` t="${t}"` : ""} cm="1"`);
}

/** Cached cells of a spill from B2: `[["token_pair","chain"],["OLD/PAIR","ethereum"]]`. */
export function spillCells(anchorRow: number, column: string, values: (string | number)[][]): Map<number, string> {
  const rows = new Map<number, string>();
  values.forEach((line, r) =>
    line.forEach((v, c) => {
      if (r === 0 && c === 0) return;
      const ref = `${String.fromCharCode(column.charCodeAt(0) + c)}${anchorRow + r}`;
      const xml = typeof v === "number" ? num(ref, v) : cell(ref, `<v>${esc(v)}</v>`, ' t="str"');
      rows.set(anchorRow + r, (rows.get(anchorRow + r) ?? "") + xml);
    }),
  );
  return rows;
}

export interface ReportOptions {
  /** The DATASET formula's arguments after "dex","ethereum". */
  datasetOptions?: string;
  /** The QUERY cell's formula (file form); default query 1001 for the last month's end. */
  queryFormula?: string;
  /** Cells put below the dataset's spill (row 4), to block its growth. */
  blockRow4?: string;
  /** The add-in's settings (JSON text by name); bindings of the "Pairs" table are added unless given. */
  settings?: Record<string, string>;
  /** Without the add-in's web-extension part at all. */
  noAddin?: boolean;
  calcChain?: boolean;
  /** Rows after row 8 (`row(12, …)`), in order. */
  extraRows?: string;
  /** The inside of `<definedNames>`. */
  definedNames?: string;
  /** A third sheet with a table bound to query 1002 (its latest result, or a new run with --rerun all). */
  tradesTable?: boolean;
  /** A sheet "Prices" with a table bound to a run of query 1001 with these inputs (its latest result of them). */
  pricesTable?: Record<string, string | number>;
  /**
   * How the add-in's settings hold the bindings: one setting per table plus an index, as the add-in writes them
   * (default), or the older single setting it still reads.
   */
  layout?: "entries" | "legacy";
}

/** Bindings as the add-in stores them, in either layout (JSON text by setting name). */
export function bindingSettings(
  bindings: { tableName: string }[],
  layout: "entries" | "legacy" = "entries",
): Record<string, string> {
  if (layout === "legacy") return { "service.tableBindings": JSON.stringify({ version: 1, bindings }) };
  const ids = bindings.map((b) => b.tableName.toLowerCase());
  return {
    "service.tableBindingIndex": JSON.stringify(ids),
    ...Object.fromEntries(bindings.map((b, i) => [`service.tableBinding.${ids[i]}`, JSON.stringify(b)])),
  };
}

export const TRADE_COLUMNS = [
  "trade_id",
  "block_time",
  "project",
  "token_bought",
  "token_sold",
  "amount_usd",
  "tx_hash",
];

export const TRADES_BINDING = {
  kind: "query",
  id: 1002,
  params: {},
  options: { headers: true, performance: "medium" },
  tableName: "Trades",
  sheet: "Trades",
  address: "Trades!A1:G2",
  insertedAt: "2026-01-31T12:00:00.000Z",
};

export const PRICE_COLUMNS = ["symbol", "period", "days_in_period", "avg_price_usd"];

/** A table inserted from a run of query 1001 with `params`: the binding records those inputs. */
export const pricesBinding = (params: Record<string, string | number>) => ({
  kind: "query",
  id: 1001,
  params,
  options: { headers: true, performance: "medium" },
  tableName: "Prices",
  sheet: "Prices",
  address: "Prices!A1:D2",
  insertedAt: "2026-01-31T12:00:00.000Z",
});

export const DATASET_FORMULA = (options = '"limit=3","columns=token_pair,chain"') =>
  `_xldudf_SERVICE_DATASET("dex","ethereum",${options})`;
export const QUERY_FORMULA = '_xldudf_SERVICE_QUERY(1001,"symbol","WETH","since",B1,"days",3)';

export const PAIRS_BINDING = {
  kind: "dataset",
  id: "dex",
  args: { chain: "ethereum" },
  params: { columns: "token_pair,chain", limit: 2 },
  options: { headers: true },
  tableName: "Pairs",
  sheet: "Data",
  address: "Data!A1:B2",
  insertedAt: "2026-01-31T12:00:00.000Z",
};

/**
 * A month-end report as Excel 365 saves it: B1 the last month's end (`=EOMONTH(TODAY(),-1)`, cached as January's),
 * a SERVICE.DATASET spilled over B2:C3, its row count in B6 (`=ROWS(B2#)`), a SERVICE.QUERY of the period in B8 (never
 * run: #N/A), and on "Data" a table bound to a dataset; styles, a chart part and an image ride along.
 */
export function reportSpec(o: ReportOptions = {}): BookSpec {
  const spill = spillCells(2, "B", [
    ["token_pair", "chain"],
    ["OLD/PAIR", "ethereum"],
  ]);
  const report: SheetSpec = {
    name: "Report",
    dimension: "A1:C8",
    rows:
      row(1, text("A1", "Period") + cell("B1", "<f>EOMONTH(TODAY(),-1)</f><v>46053</v>", ' s="1"')) +
      row(
        2,
        text("A2", "Pairs") +
          cell(
            "B2",
            `<f t="array" ref="B2:C3">${esc(DATASET_FORMULA(o.datasetOptions))}</f><v>token_pair</v>`,
            ' t="str" cm="1"',
          ) +
          spill.get(2)!,
      ) +
      row(3, spill.get(3)!) +
      (o.blockRow4 ? row(4, o.blockRow4) : "") +
      row(6, text("A6", "Rows") + formula("B6", "ROWS(_xlfn.ANCHORARRAY(B2))", 2)) +
      row(8, text("A8", "Prices") + serviceFormula("B8", o.queryFormula ?? QUERY_FORMULA, "#N/A", "e")) +
      (o.extraRows ?? ""),
  };
  const data: SheetSpec = {
    name: "Data",
    dimension: "A1:B2",
    rows: row(1, text("A1", "token_pair") + text("B1", "chain")) + row(2, text("A2", "OLD/PAIR") + text("B2", "base")),
    tables: [{ name: "Pairs", ref: "A1:B2", columns: ["token_pair", "chain"] }],
  };
  const trades: SheetSpec = {
    name: "Trades",
    dimension: "A1:G2",
    rows: row(1, TRADE_COLUMNS.map((c, i) => text(`${String.fromCharCode(65 + i)}1`, c)).join("")),
    tables: [{ name: "Trades", ref: "A1:G2", columns: TRADE_COLUMNS }],
  };
  const prices: SheetSpec = {
    name: "Prices",
    dimension: "A1:D2",
    rows:
      row(1, PRICE_COLUMNS.map((c, i) => text(`${String.fromCharCode(65 + i)}1`, c)).join("")) +
      row(2, text("A2", "KEPT") + text("B2", "2024-01-01") + num("C2", 1) + num("D2", 1)),
    tables: [{ name: "Prices", ref: "A1:D2", columns: PRICE_COLUMNS }],
  };
  const bindings: { tableName: string }[] = o.tradesTable ? [PAIRS_BINDING, TRADES_BINDING] : [PAIRS_BINDING];
  if (o.pricesTable) bindings.push(pricesBinding(o.pricesTable));
  return {
    dynamicArrays: true,
    sheets: [report, data, ...(o.tradesTable ? [trades] : []), ...(o.pricesTable ? [prices] : [])],
    ...(o.definedNames ? { definedNames: o.definedNames } : {}),
    ...(o.calcChain === false ? {} : { calcChain: '<c r="B2" i="1" a="1"/><c r="B1"/><c r="B6"/><c r="B8"/>' }),
    ...(o.noAddin
      ? {}
      : {
          webExtension: {
            referenceId: ADDIN_ID,
            properties: {
              "Office.AutoShowTaskpaneWithDocument": "true",
              ...bindingSettings(bindings, o.layout),
              ...o.settings,
            },
          },
        }),
    extraParts: {
      "xl/charts/chart1.xml": {
        data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"/>',
        contentType: "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
      },
      "xl/media/image1.png": { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) },
    },
  };
}

/** Writes a workbook into a fresh temporary folder; returns its path. */
export async function writeBook(spec: BookSpec, name = "report.xlsx"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "refresh-test-"));
  const path = join(dir, name);
  await writeFile(path, buildWorkbook(spec));
  return path;
}

export async function bytesOf(path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path));
}
