import { writeMatrix, type ExcelRun } from "../../excel";
import { sourceText } from "../../service-cells";
import { cellAddress, escapeForValues, snapshotFromLine, type CellValue } from "../../sheet";
import type { ShownResult } from "./snapshot-read";

/** A line of text in column A (a title, a "From" line): Text format, so it stays the text it is. */
async function writeLine(run: ExcelRun, sheetName: string, row: number, text: string, bold: boolean): Promise<void> {
  await run(async (context) => {
    const cell = context.workbook.worksheets.getItem(sheetName).getRangeByIndexes(row, 0, 1, 1);
    cell.numberFormat = [["@"]];
    cell.values = [[text]];
    if (bold) cell.format.font.bold = true;
    await context.sync();
  });
}

/** Values as they can be written back: strings stay text (never formulas), whatever they start with. */
function plainValues(result: ShownResult, formats: readonly string[]): CellValue[][] {
  return result.values.map((line) =>
    line.map((v, c) => {
      const value = (v === undefined ? null : v) as CellValue;
      return escapeForValues(value, { textFormatted: formats[c] === "@" });
    }),
  );
}

/**
 * Writes the snapshot on the (new, empty) sheet: the title, then each result under its "From" line and its source
 * line, a blank row between results. Each result goes through the chunked writer, so a large one is written in
 * requests Excel takes; each column keeps the number format its last row had (dates stay dates).
 */
export async function writeSnapshot(
  run: ExcelRun,
  sheetName: string,
  title: string,
  results: readonly ShownResult[],
  pattern: string,
): Promise<void> {
  await writeLine(run, sheetName, 0, title, true);
  let row = 2;
  for (const result of results) {
    await writeLine(run, sheetName, row, snapshotFromLine(result.label), true);
    const formats = result.numberFormats[result.numberFormats.length - 1] ?? [];
    const width = result.values[0]?.length ?? 1;
    const numberFormats = Array.from({ length: width }, (_, c) => formats[c] ?? "General");
    const written = await writeMatrix(
      { run, sheet: sheetName, cell: cellAddress(row + 1, 0) },
      plainValues(result, numberFormats),
      {
        asTable: false,
        headers: false,
        numberFormats,
        caption: result.source ? sourceText(result.source, pattern) : result.unknownSource,
        autofit: false,
      },
    );
    row += 2 + (written.address ? result.values.length : 0) + 1;
  }
}
