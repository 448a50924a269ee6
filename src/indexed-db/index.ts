/** IndexedDB as promises, shared by the add-in's result store and the playground's workbook file. */
export { asError, isQuotaError, request, transact } from "./promises";
