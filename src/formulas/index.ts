// Public surface of src/formulas: Excel's formula language (parser, printer in the typed and the file form), its
// functions over @formulajs/formulajs, and the engine that recalculates a workbook's formulas with their spills.
// Pure TypeScript: no DOM, no Office; runs in the browser and in Node.
export type { FormulaNode, RefEnd, BinaryOperator } from "./ast";
export { parseFormula, canonicalFunctionName, type ParseOptions } from "./parser";
export { printFormula, type PrintOptions } from "./print";
export { toFileFormula, fromFileFormula } from "./file-form";
export { FormulaSyntaxError } from "./syntax-error";
export { FormulaError, RangeRef, ERROR_CODES, type ErrorCode, type Scalar, type Matrix, type Value } from "./values";
export { FormulaEngine, type EngineOptions, type EngineSpill } from "./engine";
export type { EngineHost } from "./engine-host";
export { evaluateFormula } from "./evaluate";
export type { EvalContext } from "./context";
export { FUNCTIONS } from "./functions";
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
export { numberToText } from "./coerce";
