// Node-only surface of src/xlsx: reading a workbook file from disk and replacing one safely. The browser bundle
// imports `src/xlsx` itself, which touches no file system.
import { basename } from "node:path";
import { XlsxError } from "../errors";
import { openWorkbook } from "../read/open-workbook";
import type { WorkbookFile } from "../workbook-file";
import { readIdentified, type FileIdentity } from "./file-identity";
import { NODE_ZIP } from "./node-zip";

export { writeFileReplacing, type WriteFileSystem } from "./atomic-write";
export { readIdentified as readIdentifiedFile, type FileIdentity } from "./file-identity";
export {
  inspectTarget,
  replaceWorkbookFile,
  type Blocked,
  type ReplaceOutcome,
  type TargetState,
} from "./replace-target";

/** Opens a workbook file from disk (refused with an XlsxError when it cannot be understood). */
export async function readWorkbookFile(path: string): Promise<WorkbookFile> {
  return (await readIdentifiedWorkbook(path)).book;
}

/**
 * Opens a workbook file from disk with the identity of what was read (size, time, hash), for a later replacing
 * write to check that nobody saved the file in between.
 */
export async function readIdentifiedWorkbook(path: string): Promise<{ book: WorkbookFile; identity: FileIdentity }> {
  let read: Awaited<ReturnType<typeof readIdentified>>;
  try {
    read = await readIdentified(path);
    if (!read) throw Object.assign(new Error("no such file"), { code: "ENOENT" });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "there is no such file" : code === "EISDIR" ? "it is a folder" : (e as Error).message;
    throw new XlsxError("not-found", `"${path}" cannot be opened: ${why}.`);
  }
  return { book: openWorkbook(read.bytes, { fileName: basename(path), zip: NODE_ZIP }), identity: read.identity };
}
