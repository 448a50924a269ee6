// Public surface of src/refresh (Node only): `npm run refresh`, which brings a workbook file's SERVICE data up to
// date without Excel. It records refresh times in src/functions' per-result settings (REQUEST_TIMES, QUERY_TIMES).
export { runRefreshCommand, type CommandIo } from "./command";
export { refreshWorkbook, type RefreshOptions, type RefreshDeps } from "./refresh";
export { EXIT_CODES, type ExitCode } from "./exit-codes";
export type {
  RefreshReport,
  CellReport,
  TableReport,
  RunReport,
  ReadReport,
  DependentReport,
  ItemStatus,
} from "./report";
