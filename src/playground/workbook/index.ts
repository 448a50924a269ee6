// Public surface of the playground workbook: an in-memory emulation of the Office.js Excel subset the add-in uses.
export { createWorkbook, type PlaygroundWorkbook, type ExcelRunLike } from "./create-workbook";
export type { FormulaHook } from "./workbook-state";
export type { ChangeEvent } from "./change-log";
export type { WorkbookInspector } from "./inspector";
export type { BlockContents, CellContent } from "./cell-contents";
export { CellError, ERROR_CODES, type ExcelErrorCode, type Stored } from "./cell-types";
export { STORAGE_LIMIT_BYTES } from "./runtime-storage";
export {
  isWorkbookDocument,
  type OpenedFormula,
  type OpenedSpill,
  type SpillBlock,
  type WorkbookDocument,
} from "./workbook-document";
export {
  documentFromParts,
  ROWS_PER_PART,
  type DocumentHead,
  type DocumentParts,
  type SheetParts,
} from "./document-parts";
export { utf8Bytes } from "./sync-stats";
