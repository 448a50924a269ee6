import { isWorkbookDocument, type WorkbookDocument } from "../workbook";

/** A stored copy read back (the settings bag kept apart, with the pointer); undefined when it is not a workbook. */
export function parseCopy(json: string, settings?: string): WorkbookDocument | undefined {
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    if (settings !== undefined) parsed.settings = JSON.parse(settings) as unknown;
    return isWorkbookDocument(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function cellCount(doc: WorkbookDocument): number {
  return doc.sheets.reduce((n, s) => n + s.values.length + s.formulas.length, 0);
}
