import { roundUpCredits } from "./credits";

/**
 * What uploads cost, as the real service's documentation states it since its move to bytes-based pricing
 * (duneanalytics/dune-docs@6f07f6d4, api-reference/tables/endpoint/uploads-insert.mdx and uploads-create.mdx):
 * an insert "3 credits per GB written, minimum charge is 1 credit" (Free, Analyst, Plus; Enterprise is not named and
 * is priced the same here); a table creation "based on the table size created. Minimum charge is 1 credit", which is
 * read as the same rate on the table's stored size (an empty table: 1 credit). A CSV upload creates a table with its
 * rows: priced as a creation of that size. Deleting is free ("Deleting a table does not incur credits"); clearing
 * and listing are not priced anywhere and are free here. One place for the local service that bills them, the
 * relay's gateway that reserves them and the pane that shows them before an upload.
 */
export const UPLOAD_CREDITS_PER_GB = 3;
export const UPLOAD_MINIMUM_CREDITS = 1;
/** `/insert`: "The maximum request size is 1.2GB" (what an insert of unknown length is priced at, at most). */
export const MAX_INSERT_BYTES = 1.2 * 1000 ** 3;

export function uploadCredits(bytes: number): number {
  return Math.max(UPLOAD_MINIMUM_CREDITS, roundUpCredits((bytes / 1000 ** 3) * UPLOAD_CREDITS_PER_GB));
}
