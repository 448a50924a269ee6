// Node-only surface of src/xlsx: reading a workbook file from disk and replacing one safely. The browser bundle
// imports `src/xlsx` itself, which touches no file system.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { XlsxError } from "../errors";
import { openWorkbook } from "../read/open-workbook";
import type { WorkbookFile } from "../workbook-file";

export { writeFileReplacing, type WriteFileSystem } from "./atomic-write";

/** Opens a workbook file from disk (refused with an XlsxError when it cannot be understood). */
export async function readWorkbookFile(path: string): Promise<WorkbookFile> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "there is no such file" : code === "EISDIR" ? "it is a folder" : (e as Error).message;
    throw new XlsxError("not-found", `"${path}" cannot be opened: ${why}.`);
  }
  return openWorkbook(bytes, { fileName: basename(path) });
}
