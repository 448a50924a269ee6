import { FormulaSyntaxError, parseFormula } from "../../formulas";

/** Why a typed entry is refused, and where in it (0-based, in the whole text). */
export interface EntryProblem {
  message: string;
  position: number;
}

export const SEMICOLON_MESSAGE =
  "Use commas between arguments: this workbook uses the comma as the list separator (=SUM(1,2), not =SUM(1;2)).";

/**
 * An entry Excel would not take: a formula whose arguments are separated with semicolons (the list separator of
 * other locales). Excel refuses it and stays in the cell; so do we, saying what to type instead. Other formulas the
 * playground cannot read are entered and show #NAME? with the reason (some are Excel's, like the union operator).
 * A Text-formatted cell takes anything as text.
 */
export function entryProblem(text: string, numberFormat: string): EntryProblem | null {
  if (numberFormat === "@" || !text.startsWith("=") || text.length < 2) return null;
  try {
    parseFormula(text);
    return null;
  } catch (error) {
    if (!(error instanceof FormulaSyntaxError)) return null;
    const position = error.position + 1;
    return text[position] === ";" ? { message: SEMICOLON_MESSAGE, position } : null;
  }
}
