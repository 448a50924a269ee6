import { MAX_INSERT_BYTES, uploadCredits } from "../../../billing";

export interface UploadEstimate {
  /** Bytes of the CSV the rows are sent as (header included). */
  bytes: number;
  /** The service's upload price for them (`src/billing/uploads.ts`): a creation (when made) and the insert. */
  credits: number;
  /** Over the service's largest insert: refused before anything is sent. */
  tooLarge: boolean;
}

/**
 * What sending a CSV of `bytes` costs: the insert of its rows, and for a new table its creation (an empty table: the
 * creation's minimum). Clearing a table before a Replace is free.
 */
export function estimateUpload(bytes: number, creates: boolean): UploadEstimate {
  const credits = (creates ? uploadCredits(0) : 0) + uploadCredits(bytes);
  return { bytes, credits, tooLarge: bytes > MAX_INSERT_BYTES };
}
