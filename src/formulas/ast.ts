/** One end of a reference: a cell (both set), a whole column (row null) or a whole row (column null). */
export interface RefEnd {
  row: number | null;
  column: number | null;
  rowAbsolute: boolean;
  columnAbsolute: boolean;
}

/** Every node carries `at`, its character offset in the formula text (after any leading "="). */
export type FormulaNode =
  | { type: "number"; value: number; at: number }
  | { type: "string"; value: string; at: number }
  | { type: "boolean"; value: boolean; at: number }
  | { type: "error"; code: string; at: number }
  | { type: "reference"; sheet: string | null; start: RefEnd; end: RefEnd | null; at: number }
  /** `A1#`: the current spill range of A1's formula. */
  | { type: "spill"; anchor: FormulaNode & { type: "reference" }; at: number }
  | { type: "unary"; op: "-" | "+" | "@"; operand: FormulaNode; at: number }
  | { type: "percent"; operand: FormulaNode; at: number }
  | { type: "binary"; op: BinaryOperator; left: FormulaNode; right: FormulaNode; at: number }
  /** Name upper-cased, without the file form's prefixes (`_xlfn.`, `_xldudf_`). */
  | { type: "call"; name: string; args: FormulaNode[]; at: number }
  /** An omitted argument: `IF(A1,,2)`. */
  | { type: "missing"; at: number }
  | { type: "array"; rows: FormulaNode[][]; at: number }
  /** An identifier that is not a function call, a boolean or a reference (a defined name, which we do not have). */
  | { type: "name"; name: string; at: number };

export type BinaryOperator = "=" | "<>" | "<" | ">" | "<=" | ">=" | "&" | "+" | "-" | "*" | "/" | "^" | ":";

export type ReferenceNode = FormulaNode & { type: "reference" };
