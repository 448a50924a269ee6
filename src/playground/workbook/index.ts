// Public surface of the playground workbook: an in-memory emulation of the Office.js Excel subset the add-in uses.
export {
  createWorkbook,
  EXCEL_PAYLOAD_LIMIT_BYTES,
  type WorkbookOptions,
  type PlaygroundWorkbook,
  type ExcelRunLike,
  type EmulatedExcelNamespace,
  type EmulatedOfficeNamespace,
} from "./create-workbook";
export type { FormulaHook } from "./workbook-state";
export type { ChangeEvent, ChangeListener } from "./change-log";
export { SyncStats, type SyncRecord } from "./sync-stats";
export { EmulatedOfficeError, type EmulatedErrorCode } from "./errors";
export type { CellSnapshot, TableSnapshot, WorkbookInspector } from "./inspector";
export { CellError, ERROR_CODES, type CellStyle, type ExcelErrorCode, type Stored } from "./cell-types";
export { displayText } from "./display-text";
export { SETTINGS_LIMIT_BYTES, type EmulatedSettings } from "./document-settings";
export { STORAGE_LIMIT_BYTES, type EmulatedRuntimeStorage } from "./runtime-storage";
