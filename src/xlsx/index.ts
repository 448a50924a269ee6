// Public surface of src/xlsx: workbook files (.xlsx, .xlsm) read and edited surgically, in Node and the browser.
export { XlsxError, isXlsxError, type XlsxErrorKind } from "./errors";
export { openWorkbook, type OpenOptions } from "./read/open-workbook";
export type { WorkbookFile } from "./workbook-file";
export type { Cell, CellError, Formula, FormulaKind, StoredType, XlsxValue } from "./model/cell-types";
export { isCellError, ERROR_VALUES } from "./model/cell-types";
export type {
  CalcChainEntry,
  CalcProperties,
  DefinedName,
  SheetInfo,
  SheetKind,
  TableColumn,
  TableInfo,
  WebExtension,
  WebExtensionProperty,
  Worksheet,
} from "./model/workbook-types";
export { findServiceCells, type ServiceCell } from "./service-cells";
export { SERVICE_FUNCTIONS, findServiceCalls, type ServiceCall, type ServiceFunction } from "./formula/service-calls";
export type { FormulaArgument } from "./formula/arguments";
export { WorkbookEdit, type Blocker, type PartChanges, type SpillPlan, type TablePlan } from "./edit/workbook-edit";
export { addinSettings, type AddinSettings } from "./addin-settings";
export { buildWorkbook, type BuildProgress } from "./build/build-workbook";
export { numberFormats } from "./read/number-formats";
export type { NewAddin, NewCell, NewSheet, NewTable, NewWorkbook } from "./build/new-workbook";
