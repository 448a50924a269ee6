// Excel's number format codes: what a cell shows for a value, and what TEXT returns.
export { displayText } from "./display-text";
