/** The page's turn between slices of work, kept with the clock so the pane's upload form yields the same way. */
export { yieldToPage } from "../../clock";
