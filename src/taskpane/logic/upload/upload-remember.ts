import { removeUploadBinding, saveUploadBinding } from "../../../excel";
import type { PaneDeps } from "../deps";
import { paneMessage } from "../messages";
import type { SelectionRead } from "./selection-read";
import type { UploadAction } from "./upload-form-state";

export interface SentUpload {
  namespace: string;
  tableName: string;
  columns: { name: string; type: string }[];
  /** The CSV's UTF-8 bytes as sent (what a re-upload is priced from). */
  bytes: number;
}

/**
 * After a successful upload: a Create or a Replace made the table exactly the range's rows, so the workbook remembers
 * the range (Refresh All can send it again); an Append made it more than the range, so a range it had is forgotten (a
 * re-upload would replace the other rows). Returns a sentence for the form's message ("" when there is nothing to say).
 */
export async function rememberRange(
  deps: Pick<PaneDeps, "settings" | "clock">,
  action: UploadAction,
  read: SelectionRead,
  sent: SentUpload,
): Promise<string> {
  try {
    if (action === "append") {
      const forgot = await removeUploadBinding(deps.settings, sent.namespace, sent.tableName);
      return forgot ? " Refresh All no longer re-uploads it: it now holds more than one range." : "";
    }
    await saveUploadBinding(deps.settings, {
      address: read.address,
      ...(read.excelTable !== undefined ? { excelTable: read.excelTable } : {}),
      namespace: sent.namespace,
      tableName: sent.tableName,
      columns: sent.columns,
      bytes: sent.bytes,
      uploadedAt: new Date(deps.clock.now()).toISOString(),
    });
    return ` Refresh All with "Re-run queries" can send ${read.excelTable ?? read.address} again.`;
  } catch (error) {
    // The rows were sent: only the reminder of where they came from is lost, and the message says so.
    return ` The workbook could not remember the range (${paneMessage(error)}): Refresh All will not re-upload it.`;
  }
}
