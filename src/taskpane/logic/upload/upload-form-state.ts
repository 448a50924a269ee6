import type { UploadColumnType, UploadedTable } from "../../../client";
import { paneMessage } from "../messages";
import type { UploadEstimate } from "./upload-estimate";

/** What Upload does: a new table, or for one the user has, its rows replaced (cleared, then inserted) or appended. */
export type UploadAction = "create" | "replace" | "append";

export interface UploadFormColumn {
  header: string;
  /** The header as a column name the service accepts. */
  name: string;
  type: UploadColumnType;
  /** Cells of more than one kind: sent as text once the user confirms. */
  mixed: boolean;
}

export interface UploadFormState {
  phase: "empty" | "reading" | "ready" | "sending" | "sent" | "failed";
  message: string;
  /** Where the rows were read ("Sheet1!A1:B1001"). */
  address?: string;
  rowCount: number;
  columns: UploadFormColumn[];
  mixedConfirmed: boolean;
  tableName: string;
  namespace: string;
  /** Private unless the user chose otherwise (the service would make a table public when not told). */
  isPrivate: boolean;
  /** The user's table of that name, when there is one: Replace and Append fill it. */
  existing?: UploadedTable;
  estimate?: UploadEstimate;
  /** Why nothing can be sent now, one sentence each. */
  problems: string[];
}

export const EMPTY_FORM: UploadFormState = {
  phase: "empty",
  message: "",
  rowCount: 0,
  columns: [],
  mixedConfirmed: false,
  tableName: "",
  namespace: "",
  isPrivate: true,
  problems: [],
};

/** A failed upload in words: what was left behind, and a private table the plan refused said plainly. */
export function failureText(
  error: unknown,
  action: UploadAction,
  done: "nothing" | "created" | "cleared",
  isPrivate: boolean,
  full: string,
): string {
  const message = paneMessage(error);
  if (action === "create" && done === "nothing" && isPrivate && /private/i.test(message))
    return `Your plan does not allow private tables (the service said: ${message}). Choose public only if everyone may read these rows.`;
  if (done === "created")
    return `${full} was created, but its rows were not sent: ${message} Use Append to send them, or Delete it.`;
  if (done === "cleared") return `${full} was cleared, but its rows were not sent: ${message} Use Append to send them.`;
  return message;
}
