// Public surface of src/sheet: pure functions from API results to cell values. No Office, no HTTP.
export type { CellValue, CellOptions, TimestampMode } from "./cell-value-type";
export { toCellValue, cellConverter, DEFAULT_ARRAY_JOIN } from "./cell-value";
export { toSheetMatrix, rowsFromObjects, headerRow, type ResultTable, type MatrixOptions } from "./matrix";
export { columnKind, isTextKind, type ColumnKind } from "./api-types";
export {
  numberFormatsFor,
  numberFormatFor,
  TEXT_NUMBER_FORMAT,
  GENERAL_NUMBER_FORMAT,
  HEADER_NUMBER_FORMAT,
} from "./number-formats";
export {
  TIMESTAMP_NUMBER_FORMAT,
  DATE_NUMBER_FORMAT,
  TIME_NUMBER_FORMAT,
  timestampToSerial,
  timeToSerial,
  serialFromUtcMs,
  utcMsFromSerial,
} from "./timestamps";
export { escapeForValues, startsWithFormulaTrigger, QUOTE_PREFIX, type EscapeOptions } from "./escape";
export { limitCellText, truncationMarker } from "./cell-text-limit";
export { exactNumberFromText, significantDigits, EXCEL_SIGNIFICANT_DIGITS } from "./numbers";
export {
  MAX_ROWS,
  MAX_COLUMNS,
  MAX_CELL_CHARS,
  SheetLimitError,
  isSheetLimitError,
  checkSheetLimits,
  type SheetLimitKind,
} from "./limits";
export { estimateValuesPayloadBytes, rowPayloadBytes, cellPayloadBytes, jsonStringBytes } from "./payload";
export {
  columnLetter,
  columnIndex,
  parseA1,
  cellAddress,
  a1Range,
  parseAddress,
  blockAddress,
  quoteSheetName,
  qualifiedAddress,
  type CellBlock,
  type ParsedAddress,
} from "./a1";
