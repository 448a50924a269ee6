import type { BinaryOperator } from "./ast";

/**
 * Excel's operators, from Microsoft's "Calculation operators and precedence in Excel": reference operators first
 * (`:`), then negation, percent, exponentiation, multiplication and division, addition and subtraction,
 * concatenation, comparison. Operators of one level are left-associative, so `=2^3^2` is 64 and `=-2^2` is 4.
 * Higher binds tighter.
 */
export const BINARY_PRECEDENCE: Readonly<Record<BinaryOperator, number>> = {
  "=": 1,
  "<>": 1,
  "<": 1,
  ">": 1,
  "<=": 1,
  ">=": 1,
  "&": 2,
  "+": 3,
  "-": 3,
  "*": 4,
  "/": 4,
  "^": 5,
  ":": 8,
};

/** Two-character operators are matched before one-character ones. */
export const OPERATOR_TOKENS: readonly string[] = [
  "<>",
  "<=",
  ">=",
  "=",
  "<",
  ">",
  "&",
  "+",
  "-",
  "*",
  "/",
  "^",
  "%",
  ":",
  "@",
];

export const isBinaryOperator = (op: string): op is BinaryOperator => Object.hasOwn(BINARY_PRECEDENCE, op);

/** Excel's last column (XFD) and row. */
export const LAST_COLUMN = 16_384;
export const LAST_ROW = 1_048_576;

/**
 * How formulas are stored in .xlsx files (ECMA-376 and Microsoft's [MS-XLSX]): functions added after Excel 2007
 * carry `_xlfn.` (`_xlfn.XLOOKUP`), the dynamic-array ones that came from the web also `_xlws.`
 * (`_xlfn._xlws.SORT`), `A1#` is `_xlfn.ANCHORARRAY(A1)`, the implicit-intersection operator `@` is
 * `_xlfn.SINGLE(...)`, and an add-in's custom function NS.NAME is `_xldudf_NS_NAME`.
 */
export const FILE_PREFIX = "_xlfn.";
export const FILE_WEB_PREFIX = "_xlws.";
export const FILE_UDF_PREFIX = "_xldudf_";
export const FILE_ANCHORARRAY = "ANCHORARRAY";
export const FILE_SINGLE = "SINGLE";

/** Functions stored as `_xlfn._xlws.NAME`. */
export const WEB_FUNCTIONS: ReadonlySet<string> = new Set(["SORT", "FILTER"]);

/** Functions stored as `_xlfn.NAME` (those we evaluate, and others of the same era a file may hold). */
export const FUTURE_FUNCTIONS: ReadonlySet<string> = new Set([
  "XLOOKUP",
  "XMATCH",
  "IFS",
  "IFNA",
  "SWITCH",
  "XOR",
  "CONCAT",
  "TEXTJOIN",
  "MAXIFS",
  "MINIFS",
  "UNIQUE",
  "SEQUENCE",
  "SORTBY",
  "RANDARRAY",
  "LET",
  "LAMBDA",
  "STDEV.S",
  "STDEV.P",
  "VAR.S",
  "VAR.P",
  "MODE.SNGL",
  "PERCENTILE.INC",
  "PERCENTILE.EXC",
  "QUARTILE.INC",
  "RANK.EQ",
  "CEILING.MATH",
  "FLOOR.MATH",
  "DAYS",
  "ISOWEEKNUM",
  "NUMBERVALUE",
  "TEXTBEFORE",
  "TEXTAFTER",
  "TEXTSPLIT",
  "VSTACK",
  "HSTACK",
  "TAKE",
  "DROP",
  "CHOOSECOLS",
  "CHOOSEROWS",
  "TOCOL",
  "TOROW",
]);
