// Public surface of src/sheet: pure functions from API results to cell values. No Office, no HTTP.
export type { CellValue, TimestampMode } from "./cell-value-type";
export { toSheetMatrix } from "./matrix";
export { numberFormatsFor, HEADER_NUMBER_FORMAT } from "./number-formats";
export { serialFromUtcMs, utcMsFromSerial } from "./timestamps";
export { escapeForValues, QUOTE_PREFIX } from "./escape";
export { MAX_ROWS, MAX_COLUMNS, MAX_CELL_CHARS, SheetLimitError, isSheetLimitError, checkSheetLimits } from "./limits";
export { estimateValuesPayloadBytes, rowPayloadBytes } from "./payload";
export {
  columnLetter,
  parseA1,
  cellAddress,
  a1Range,
  parseAddress,
  blockAddress,
  qualifiedAddress,
  type CellBlock,
  type ParsedAddress,
} from "./a1";
export { blockUnion } from "./block-union";
export { EXCEL_ERROR_VALUES, isExcelErrorValue, type ExcelErrorValue } from "./error-values";
export { carriesSecret, REDACTED } from "./secrets";
export {
  sheetNameProblem,
  defaultSnapshotName,
  snapshotSheetName,
  snapshotFromLine,
  snapshotTableLabel,
} from "./sheet-names";
