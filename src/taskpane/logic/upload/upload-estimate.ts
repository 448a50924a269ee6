import { MAX_INSERT_BYTES, uploadCredits } from "../../../billing";

export interface UploadEstimate {
  /** Bytes of the CSV the rows are sent as (header included). */
  bytes: number;
  /** The service's upload price for them (`src/billing/uploads.ts`): a creation and an insert, at least 1 each. */
  credits: number;
  /** Over the service's largest insert: refused before anything is sent. */
  tooLarge: boolean;
}

/** What sending these rows as CSV weighs and costs: the table's creation (its minimum) and the insert of the rows. */
export function estimateUpload(names: readonly string[], rows: readonly (readonly unknown[])[]): UploadEstimate {
  const encoder = new TextEncoder();
  const line = (cells: readonly unknown[]) => encoder.encode(cells.map((v) => csvCell(v)).join(",")).length + 1;
  const bytes = rows.reduce((sum, row) => sum + line(row), line(names));
  return { bytes, credits: uploadCredits(0) + uploadCredits(bytes), tooLarge: bytes > MAX_INSERT_BYTES };
}

/** One value as a CSV field: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
