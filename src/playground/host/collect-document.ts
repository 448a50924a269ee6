import type { DocumentParts } from "../workbook";
import type { CollectedDocument } from "./file-conversion";
import { sheetStep, type OnFileProgress } from "./file-progress";
import type { SliceOptions } from "./parts-save";

/**
 * The workbook as a download hands it to the conversion: every sheet's blocks serialised as the file save does
 * (`SheetParts.serialise`), a slice at a time with a turn for the page between slices, so that even a large workbook
 * never holds the page's thread for long. The blocks are read as they are when their turn comes.
 */
export async function collectDocument(
  doc: DocumentParts,
  slices: SliceOptions,
  onProgress?: OnFileProgress,
): Promise<CollectedDocument> {
  const sheets: CollectedDocument["sheets"] = [];
  let sliceStart = slices.now();
  for (const [index, sheet] of doc.sheets.entries()) {
    onProgress?.(sheetStep("Collecting", index, doc.sheets.length));
    const parts: string[] = [];
    for (const block of sheet.blocks()) {
      if (slices.now() - sliceStart >= slices.sliceMs) {
        await slices.yieldToPage();
        sliceStart = slices.now();
      }
      const part = sheet.serialise(block);
      if (part) parts.push(part.json);
    }
    sheets.push({ name: sheet.name, parts });
  }
  return { head: doc.head, settings: doc.settings, sheets };
}
