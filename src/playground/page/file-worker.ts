/**
 * The page's file worker (webpack entry `file-worker`, a script of its own beside the page): File → Open's and
 * Download's conversions (`host/file-conversion.ts`) off the page's thread, so that reading or writing a large
 * workbook never freezes the sheet. Each answer says it ran here.
 */
import { convert } from "../host/file-conversion";
import type { FromWorker, ToWorker } from "../host/file-converter";

/** What this file uses of the worker's global scope (the project's TypeScript library is the DOM's). */
interface WorkerScope {
  addEventListener(type: "message", listener: (event: MessageEvent<ToWorker>) => void): void;
  postMessage(message: FromWorker, transfer: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener("message", ({ data: { id, request } }) => {
  convert(request, (answer, transfer = []) =>
    scope.postMessage({ id, answer: { ...answer, ranIn: "worker" } }, transfer),
  );
});
