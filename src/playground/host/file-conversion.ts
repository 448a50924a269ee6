import { documentFromParts, type DocumentHead } from "../workbook";
import { downloadFormat } from "./download-formats";
import { progressWithin, type FileProgress } from "./file-progress";
import { readOpenedFile } from "./opened-file";

/**
 * The workbook as the page hands it to a download: its head, its settings and each sheet's parts, as the file save
 * serialises them (`DocumentParts`): text, which a worker receives at the cost of a copy, where the document's
 * objects would be cloned cell by cell on the page's thread.
 */
export interface CollectedDocument {
  head: DocumentHead;
  settings: Record<string, unknown>;
  sheets: { name: string; parts: string[] }[];
}

/**
 * An opened file as the workbook file stores a copy saved whole: the document without its settings, and the
 * settings, each as JSON. The page stores the texts as they are and reopens; it never holds the document's objects.
 */
export interface OpenedCopy {
  json: string;
  settings: string;
}

/** What the page asks of the conversion: File → Open's bytes to read, or a document to write in a format. */
export type ConversionRequest =
  | { kind: "open"; bytes: ArrayBuffer; fileName?: string }
  | { kind: "download"; format: string; document: CollectedDocument };

/** What the conversion answers: progress as it goes, then the result or the message saying why not. */
export type ConversionAnswer =
  | { kind: "progress"; progress: FileProgress }
  | { kind: "opened"; copy: OpenedCopy }
  | { kind: "written"; bytes: ArrayBuffer }
  | { kind: "failed"; message: string };

/** Sends an answer; buffers listed in `transfer` are moved to the receiver, not copied. */
export type Answer = (answer: ConversionAnswer, transfer?: ArrayBuffer[]) => void;

/** A buffer holding exactly the view's bytes (what a transfer moves), without a copy when the view is all of it. */
export function ownBuffer(view: Uint8Array): ArrayBuffer {
  const whole = view.byteOffset === 0 && view.byteLength === view.buffer.byteLength;
  return whole && view.buffer instanceof ArrayBuffer ? view.buffer : (view.slice().buffer as ArrayBuffer);
}

/**
 * Runs one request to its end, answering with progress, then the result or a failure carrying the same message the
 * reader or writer gives (said to the user as it is). The one code path of File → Open's and Download's conversion:
 * the page's file worker runs it (`page/file-worker.ts`), and the page itself where there is no worker.
 */
export function convert(request: ConversionRequest, answer: Answer): void {
  const onProgress = (progress: FileProgress) => answer({ kind: "progress", progress });
  try {
    if (request.kind === "open") {
      const doc = readOpenedFile(new Uint8Array(request.bytes), request.fileName, progressWithin(onProgress, 0, 0.9));
      onProgress({ text: "Preparing the workbook…", fraction: 0.9 });
      const { settings, ...rest } = doc;
      answer({ kind: "opened", copy: { json: JSON.stringify(rest), settings: JSON.stringify(settings) } });
      return;
    }
    const format = downloadFormat(request.format);
    if (!format?.write) throw new Error(`${format?.label ?? request.format}: ${format?.pending ?? "not available"}.`);
    const { head, sheets, settings } = request.document;
    onProgress({ text: "Preparing the workbook…", fraction: 0 });
    const doc = documentFromParts(head, sheets, settings);
    const bytes = ownBuffer(format.write(doc, progressWithin(onProgress, 0.1, 1)));
    answer({ kind: "written", bytes }, [bytes]);
  } catch (error) {
    answer({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
}
