import { DYNAMIC_ARRAYS, listBindings, type SettingsLike, type SupportsSet } from "../../excel";
import { readResultSource, type ResultSource } from "../../service-cells";
import { a1Range, qualifiedAddress, snapshotTableLabel, type CellBlock } from "../../sheet";

/** A result the workbook shows now: where it is, where its rows came from (when known), its values and formats. */
export interface ShownResult {
  /** "Report!B2:C5", or "table Pairs (Data!A1:B3)": the headless refresh's own labels. */
  label: string;
  source?: ResultSource;
  /** What a source line says when the source is not known. */
  unknownSource: string;
  values: unknown[][];
  numberFormats: string[][];
}

/** The add-in's cells: one call of a SERVICE function that shows rows (SERVICE.SOURCE shows a line about them). */
const SERVICE_CALL = /^=\s*SERVICE\.(DATASET|RESULTS|QUERY|STATUS)\s*\(/i;

/**
 * Cells per read: Excel on the web refuses a response over 5 MB, and a long spill or a wide used range read whole
 * could pass it; 20,000 cells of text stay well under it.
 */
const CELLS_PER_READ = 20_000;

type Context = Excel.RequestContext;

/** Why this Excel cannot read where results spilled (`getSpillingToRangeOrNullObject`), or undefined when it can. */
export function spillsUnreadable(supports: SupportsSet): string | undefined {
  return supports(DYNAMIC_ARRAYS)
    ? undefined
    : `A snapshot reads where results spilled, which needs ExcelApi ${DYNAMIC_ARRAYS.version} (dynamic arrays); this Excel does not have it.`;
}

/** The row blocks a block is read in: each its own request, so no response passes Excel's limit. */
function chunksOf(block: CellBlock): CellBlock[] {
  const step = Math.max(1, Math.floor(CELLS_PER_READ / Math.max(1, block.columnCount)));
  const out: CellBlock[] = [];
  for (let top = 0; top < block.rowCount; top += step)
    out.push({ ...block, row: block.row + top, rowCount: Math.min(step, block.rowCount - top) });
  return out;
}

/** A block's formulas (a cell without one: its value), read chunk by chunk. */
async function readFormulas(context: Context, sheet: Excel.Worksheet, block: CellBlock): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const chunk of chunksOf(block)) {
    const range = sheet.getRangeByIndexes(chunk.row, chunk.column, chunk.rowCount, chunk.columnCount);
    range.load("formulas");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per chunk keeps each response under Excel's limit
    await context.sync();
    out.push(...(range.formulas as unknown[][]));
  }
  return out;
}

/** A block's values and number formats, read chunk by chunk. */
async function readValues(
  context: Context,
  sheet: Excel.Worksheet,
  block: CellBlock,
): Promise<{ values: unknown[][]; numberFormat: string[][] }> {
  const out = { values: [] as unknown[][], numberFormat: [] as string[][] };
  for (const chunk of chunksOf(block)) {
    const range = sheet.getRangeByIndexes(chunk.row, chunk.column, chunk.rowCount, chunk.columnCount);
    range.load("values, numberFormat");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per chunk keeps each response under Excel's limit
    await context.sync();
    out.values.push(...(range.values as unknown[][]));
    out.numberFormat.push(...(range.numberFormat as string[][]));
  }
  return out;
}

export interface ReadDeps {
  settings: SettingsLike;
  /** Where the SERVICE result anchored at a cell came from, as the functions showed it; absent without them. */
  resultSourceAt?: (sheet: string, row: number, column: number) => ResultSource | undefined;
}

const NOT_SHOWN =
  "Source not known: the SERVICE functions have not shown this result since the workbook opened (refresh it to record its source).";
const NOT_RECORDED = "Source not known: the table's binding records none (it was inserted by an older version).";

const blockOf = (r: { rowIndex: number; columnIndex: number; rowCount: number; columnCount: number }): CellBlock => ({
  row: r.rowIndex,
  column: r.columnIndex,
  rowCount: r.rowCount,
  columnCount: r.columnCount,
});

/** Every SERVICE cell's result on the sheets (sheet by sheet, row by row), as the workbook shows it. */
async function serviceResults(context: Context, deps: ReadDeps): Promise<ShownResult[]> {
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  await context.sync();
  const used = sheets.items.map((sheet) => {
    const range = sheet.getUsedRangeOrNullObject(true);
    range.load("rowIndex, columnIndex, rowCount, columnCount");
    return range;
  });
  await context.sync();
  const anchors: { sheet: Excel.Worksheet; row: number; column: number }[] = [];
  for (const [i, sheet] of sheets.items.entries()) {
    if (used[i].isNullObject) continue;
    const area = blockOf(used[i]);
    const formulas = await readFormulas(context, sheet, area);
    formulas.forEach((line, r) =>
      line.forEach((f, c) => {
        if (typeof f === "string" && SERVICE_CALL.test(f))
          anchors.push({ sheet, row: area.row + r, column: area.column + c });
      }),
    );
  }
  const spills = anchors.map(({ sheet, row, column }) => {
    const spill = sheet.getCell(row, column).getSpillingToRangeOrNullObject();
    spill.load("rowIndex, columnIndex, rowCount, columnCount");
    return spill;
  });
  await context.sync();
  const found: ShownResult[] = [];
  for (const [i, { sheet, row, column }] of anchors.entries()) {
    const block = spills[i].isNullObject ? { row, column, rowCount: 1, columnCount: 1 } : blockOf(spills[i]);
    const read = await readValues(context, sheet, block);
    const source = deps.resultSourceAt?.(sheet.name, row, column);
    found.push({
      label: qualifiedAddress(sheet.name, a1Range(block.row, block.column, block.rowCount, block.columnCount)),
      ...(source ? { source } : {}),
      unknownSource: NOT_SHOWN,
      values: read.values,
      numberFormats: read.numberFormat,
    });
  }
  return found;
}

/** Every table the add-in inserted (its bindings) that is still in the workbook, header row included. */
async function boundTables(context: Context, deps: ReadDeps): Promise<ShownResult[]> {
  const bindings = listBindings(deps.settings);
  const tables = bindings.map((b) => context.workbook.tables.getItemOrNullObject(b.tableName));
  await context.sync();
  const present = bindings.flatMap((binding, i) => {
    if (tables[i].isNullObject) return [];
    const range = tables[i].getRange();
    range.load("rowIndex, columnIndex, rowCount, columnCount");
    const sheet = tables[i].worksheet;
    sheet.load("name");
    return [{ binding, range, sheet }];
  });
  await context.sync();
  const found: ShownResult[] = [];
  for (const { binding, range, sheet } of present) {
    const block = blockOf(range);
    const read = await readValues(context, sheet, block);
    const source = readResultSource(binding.source);
    const where = qualifiedAddress(sheet.name, a1Range(block.row, block.column, block.rowCount, block.columnCount));
    found.push({
      label: snapshotTableLabel(binding.tableName, where),
      ...(source ? { source } : {}),
      unknownSource: NOT_RECORDED,
      values: read.values,
      numberFormats: read.numberFormat,
    });
  }
  return found;
}

/** The report's results as the workbook shows them: SERVICE cells' results, then the add-in's tables. Reads only. */
export async function shownResults(context: Context, deps: ReadDeps): Promise<ShownResult[]> {
  return [...(await serviceResults(context, deps)), ...(await boundTables(context, deps))];
}
