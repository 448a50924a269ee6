import type { CellValue } from "../../../sheet";
import type { PaneDeps } from "../deps";
import { paneMessage } from "../messages";
import { openPagedRows } from "../page-rows";

/** Rows a preview shows: enough to see the result's shape, a read of a few hundred bytes. */
export const PREVIEW_ROWS = 10;

export interface SqlPreview {
  columns: string[];
  rows: CellValue[][];
  /** Rows in the whole result, when the service says. */
  totalRows?: number;
  /** Why there is no preview (the read failed or was over the cap). */
  problem?: string;
}

/**
 * The first rows of a completed run's result, read as any result is (priced within the user's cap per request,
 * counted in the session's usage): the SQL tab shows them before the result is inserted.
 */
export async function previewResult(
  deps: Pick<PaneDeps, "session" | "clock">,
  executionId: string,
): Promise<SqlPreview> {
  const { session } = deps;
  try {
    const meter = session.meterRead(`preview of execution ${executionId}`, {
      capCredits: session.billing.settings.maxCredits,
      where: "pane",
      limit: PREVIEW_ROWS,
    });
    meter.check();
    const paged = await openPagedRows(
      session,
      { executionId },
      {
        limit: PREVIEW_ROWS,
        allow_partial_results: true,
        headers: false,
        onDatapoints: (n) => session.usage.recordDatapoints(n),
        meter,
      },
      () => deps.clock.now(),
    );
    const rows: CellValue[][] = [];
    for await (const batch of paged.batches) {
      rows.push(...batch.map((r) => [...r]));
      if (rows.length >= PREVIEW_ROWS) break;
    }
    const preview: SqlPreview = { columns: paged.columns, rows: rows.slice(0, PREVIEW_ROWS) };
    if (paged.totalRows !== undefined) preview.totalRows = paged.totalRows;
    return preview;
  } catch (error) {
    return { columns: [], rows: [], problem: `No preview: ${paneMessage(error)}` };
  }
}
