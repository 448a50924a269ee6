/**
 * Excel's error values, as a cell holds them in a file and as `Range.values` gives them (text). One list for every
 * module that must tell an error value from text: the workbook reader (anything else in a `t="e"` cell is damage), the
 * add-in reading what a cell shows, and the upload of a range (an error value is no value to send).
 */
export const EXCEL_ERROR_VALUES = [
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
  "#SPILL!",
  "#CALC!",
  "#FIELD!",
  "#BLOCKED!",
  "#BUSY!",
  "#CONNECT!",
  "#UNKNOWN!",
  "#PYTHON!",
  "#EXTERNAL!",
] as const;

export type ExcelErrorValue = (typeof EXCEL_ERROR_VALUES)[number];

const ERRORS: ReadonlySet<string> = new Set(EXCEL_ERROR_VALUES);

/** Whether a text is one of Excel's error values, exactly as Excel writes it. */
export function isExcelErrorValue(text: unknown): text is ExcelErrorValue {
  return typeof text === "string" && ERRORS.has(text);
}
