// Public surface of src/formulas: Excel's formula language (parser, printer in the typed and the file form), its
// functions over @formulajs/formulajs, and the engine that recalculates a workbook's formulas with their spills.
// Pure TypeScript: no DOM, no Office; runs in the browser (the playground) and in Node (tools that refresh files).
export type { FormulaNode, RefEnd, BinaryOperator } from "./ast";
export { parseFormula, canonicalFunctionName, type ParseOptions } from "./parser";
export { printFormula, type PrintOptions } from "./print";
export { toFileFormula, fromFileFormula } from "./file-form";
export { FormulaSyntaxError } from "./syntax-error";
export { FormulaError, ERROR_CODES, type ErrorCode, type Scalar } from "./values";
export { FormulaEngine, type EngineOptions, type EngineSpill } from "./engine";
export type { EngineHost } from "./engine-host";
export {
  planSpill,
  blockContains,
  blocksIntersect,
  SPILL_BEYOND_EDGE,
  SPILL_NOT_BLANK,
  type SpillPlan,
} from "./spill-plan";
export { coerceText, type Coerced } from "./text-values";
export { displayText } from "./number-format";
export { unknownFunctionMessage } from "./unknown-function";
