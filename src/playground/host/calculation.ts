import type { PlaygroundWorkbook } from "../workbook";

/**
 * Formulas → Calculate Now (F9): what is out of date and volatile formulas. It does not run custom functions
 * again: office-js#1462 (AlexPhilippov, 2020-10-26: "Executing Formulas -> Calculate Now (F9) doesn't recalculate
 * custom functions"); office-js#2122 (jordandev, 2021-09-15: streaming functions "do not refresh if - F9, Ctrl+F9
 * … clicking Calculate Now / Sheet"; grangeryy, 2021-09-16: "currently the behavior is by design").
 */
export function calculateNow(workbook: Pick<PlaygroundWorkbook, "calculate">): void {
  workbook.calculate("Recalculate");
}

/**
 * Calculate Full (Ctrl+Alt+F9): every formula, custom functions invoked again with their old invocations
 * cancelled (office-js#2122, grangeryy, 2021-09-16: "Have you tried ctrl+alt+f9?"; custom-functions-web-reqs.md:
 * "When the user triggers recalculation manually … a new function call is triggered in addition to the
 * cancellation of the old one"). `application.calculate(Excel.CalculationType.full)` does the same.
 */
export function calculateFull(workbook: Pick<PlaygroundWorkbook, "calculate">): void {
  workbook.calculate("Full");
}
