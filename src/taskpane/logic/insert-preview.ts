import { PROBE_ROWS, addCredits } from "../../billing";
import type { PagingParams, Source } from "../../client";
import type { ReadMeter } from "../../session";
import type { PaneSession } from "./deps";
import { openPagedRows } from "./page-rows";

/** What the preview's other end, the result's last rows, weighed and cost. */
export interface TailSample {
  bytes: number;
  rows: number;
  credits: number;
}

/**
 * The result's last PROBE_ROWS rows, read for the estimate alone (their cells come with the rest): rows further on
 * often weigh more than the first (ids and amounts grow; a result of 20,000 rows went from 475 to 580 bytes a row), so
 * an estimate from the first rows alone came out 16% low. Read only when the insert is large enough for the two ends
 * not to meet; priced by a meter of its own within the same cap, and never remembered as the read's size.
 */
export async function readTail(
  session: Pick<PaneSession, "client" | "readDataset" | "meterRead" | "billing">,
  from: Source,
  params: PagingParams,
  preview: { rowsRead: number; rowsInAll: number; requestKey: string; capCredits: number },
  now: () => number,
): Promise<TailSample | undefined> {
  const { rowsRead, rowsInAll } = preview;
  if (rowsInAll - rowsRead < 2 * PROBE_ROWS) return undefined;
  const meter: ReadMeter = session.meterRead(preview.requestKey, {
    capCredits: preview.capCredits,
    where: "pane",
    limit: PROBE_ROWS,
    preview: true,
  });
  const offset = (params.offset ?? 0) + rowsInAll - PROBE_ROWS;
  const tail = await openPagedRows(session, from, { ...params, offset, limit: PROBE_ROWS, headers: false, meter }, now);
  await tail.batches[Symbol.asyncIterator]().return?.();
  const whole = meter.whole;
  if (!whole || whole.rows === 0) return undefined;
  return { bytes: whole.bytes, rows: whole.rows, credits: addCredits(meter.spent) };
}
