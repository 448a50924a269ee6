// Public surface of src/excel: Office.js glue — chunked range/table writer, table bindings, in-place refresh.
export { officeRun, type ExcelRun } from "./excel-run";
export { writeMatrix, type WriteTarget, type WriteOptions, type WriteResult } from "./write-matrix";
export type { MatrixSource, RowBatches, Row } from "./row-reader";
export { DEFAULT_MAX_PAYLOAD_BYTES } from "./chunk-writer";
export { replaceTableRows, type ReplaceOptions, type ReplaceResult } from "./replace-table-rows";
export {
  saveBinding,
  listBindings,
  getBinding,
  removeBinding,
  BINDINGS_SETTING,
  type TableBinding,
  type BindingKind,
  type SettingsLike,
  type JsonValue,
} from "./bindings";
export { TargetNotEmptyError, BindingError } from "./errors";
export { uniqueTableName } from "./table-name";
export { partialMessage, MARKER_STYLE } from "./partial-marker";
