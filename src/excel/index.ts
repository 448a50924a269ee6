// Public surface of src/excel: Office.js glue — chunked range/table writer, table bindings, in-place refresh.
export { officeRun, type ExcelRun } from "./excel-run";
export { recalculateAll } from "./recalculate";
export { findFormulaCells, type FormulaCell } from "./formula-cells";
export { writeMatrix, type WriteTarget } from "./write-matrix";
export type { RowBatches } from "./row-reader";
export { replaceTableRows } from "./replace-table-rows";
export {
  type RequirementSet,
  type SupportsSet,
  RUNTIME_CHECKED_SETS,
  TABLE_RESIZE,
  DYNAMIC_ARRAYS,
  officeSupports,
} from "./requirements";
export { bindingAt } from "./binding-at";
export {
  saveBinding,
  listBindings,
  getBinding,
  type TableBinding,
  type BindingWrite,
  type SettingsLike,
  type JsonValue,
} from "./bindings";
export { type UploadBinding, listUploadBindings, saveUploadBinding, removeUploadBinding } from "./upload-bindings";
