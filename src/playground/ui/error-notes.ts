/**
 * What an error value means, for the status line when the value itself carries no message: the descriptions
 * Excel's error checking shows beside such a cell.
 */
const NOTES: Record<string, string> = {
  "#N/A": "A value is not available to the formula or function.",
  "#DIV/0!": "The formula or function used is dividing by zero or empty cells.",
  "#VALUE!": "A value used in the formula is of the wrong data type.",
  "#REF!": "A cell reference is not valid.",
  "#NAME?": "The formula contains unrecognized text.",
  "#NUM!": "A number in the formula or function is not valid.",
  "#NULL!": "The ranges in the formula do not intersect.",
  "#SPILL!": "The spill range isn't blank.",
  "#CALC!": "The formula could not be calculated.",
  "#BUSY!": "Calculating: the function has not returned its result yet.",
};

/** The status line's text for the active cell: "C2 #N/A: …" for an error, "C2: …" for another message. */
export function cellStatusText(address: string, view: { text: string; error: boolean; message?: string }): string {
  const message = view.message === "Calculating…" ? undefined : view.message;
  if (view.error) return `${address} ${view.text}: ${message ?? NOTES[view.text] ?? "An error value."}`;
  return message ? `${address}: ${message}` : "";
}
