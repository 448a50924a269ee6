/** Excel's number precision and the one rule for when a decimal text is exactly a number (CSV typing, cells). */
export { exactNumber, isNonFiniteText, isPlainInteger } from "./exact-number";
export { integerText, isWideInteger } from "./wide-integer";
