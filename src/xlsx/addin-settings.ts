import type { WorkbookFile } from "./workbook-file";

/** An add-in's document settings as stored in its web-extension part. */
export interface AddinSettings {
  /** The part, for `WorkbookEdit.setWebExtensionProperty`. */
  part: string;
  /** Each setting's value, parsed from the JSON text Office.js stores. */
  values: Map<string, unknown>;
  /** Properties whose value is not JSON (written by another tool, or damaged): kept in the file, left out here. */
  unreadable: string[];
}

/**
 * The document settings of the add-in whose manifest id (or store asset id) is `referenceId`, matched without regard
 * to case, or null when the workbook has no part for it (the add-in never saved settings in this file).
 */
export function addinSettings(book: WorkbookFile, referenceId: string): AddinSettings | null {
  const key = referenceId.toLowerCase();
  const ext = book.webExtensions.find((w) => w.reference.id.toLowerCase() === key);
  if (!ext) return null;
  const values = new Map<string, unknown>();
  const unreadable: string[] = [];
  for (const p of ext.properties) {
    try {
      values.set(p.name, JSON.parse(p.value));
    } catch {
      unreadable.push(p.name);
    }
  }
  return { part: ext.part, values, unreadable };
}
