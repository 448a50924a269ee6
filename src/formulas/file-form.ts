import { parseFormula } from "./parser";
import { printFormula } from "./print";

/**
 * A formula as typed (`=SUM(A2#)`, `=SERVICE.DATASET("dex")`) → as an .xlsx file stores it
 * (`SUM(_xlfn.ANCHORARRAY(A2))`, `_xldudf_SERVICE_DATASET("dex")`). Throws FormulaSyntaxError for a formula
 * that cannot be read.
 */
export function toFileFormula(typed: string, udfNamespaces: readonly string[] = []): string {
  return printFormula(parseFormula(typed, { udfNamespaces }), { form: "file", udfNamespaces });
}

/** A formula as an .xlsx file stores it → as typed, with "=" (the inverse of toFileFormula). */
export function fromFileFormula(stored: string, udfNamespaces: readonly string[] = []): string {
  return printFormula(parseFormula(stored, { udfNamespaces }), { form: "typed" });
}
