import type { ExecutionStatus, ResultParams } from "../client";
import { MAX_COLUMNS, MAX_ROWS, blockAddress, parseA1, parseAddress, qualifiedAddress } from "../sheet";
import type { Session } from "../session";
import { WorkbookEdit, type WorkbookFile } from "../xlsx";
import { showsResult } from "./plan-cells";
import type { CellPlan, Plan } from "./plan-types";

/** Free statuses of executions the plan would read (a status costs nothing), by execution id. */
export type FreeStatuses = ReadonlyMap<string, ExecutionStatus>;

/** A result's cells known before it is read (header row included), and how they are known. */
interface KnownSize {
  rows: number;
  columns: number;
  how: string;
  header: boolean;
}

function namedColumns(columns: ResultParams["columns"]): number | undefined {
  if (columns === undefined) return undefined;
  const names = typeof columns === "string" ? columns.split(",") : columns;
  const count = names.filter((n) => n.trim() !== "").length;
  return count > 0 ? count : undefined;
}

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** The execution whose stored result the cell would read, when that is known before anything runs. */
function executionRead(cell: CellPlan, plan: Plan): string | undefined {
  const work = cell.work;
  if (work?.kind === "read")
    return work.request.source.kind === "execution" ? work.request.source.executionId : undefined;
  if (work?.kind !== "query") return undefined;
  const run = plan.runs.get(work.runKey);
  return run && !run.planned ? run.remembered?.executionId : undefined;
}

/**
 * The free statuses of the stored results the plan would read (SERVICE.RESULTS of an execution, SERVICE.QUERY's
 * remembered run): a status is never billed. One that cannot be had leaves that result's size unknown.
 */
export async function freeStatuses(plan: Plan, session: Session): Promise<FreeStatuses> {
  const statuses = new Map<string, ExecutionStatus>();
  for (const cell of plan.cells) {
    const read = cell.readId ? plan.reads.get(cell.readId) : undefined;
    const id = executionRead(cell, plan);
    if (cell.hold || !read || read.unchanged || !id || statuses.has(id)) continue;
    try {
      statuses.set(id, await session.client().status(id));
    } catch {
      // Its size stays unknown: the outlook says "may be blocked" where something is in its way.
    }
  }
  return statuses;
}

/**
 * The size of what the cell would show, where it can be known without a paid read: a stored result's row count from
 * its free status (cut by offset and limit; not with filters, which the count does not see), a `sample_count`, or a
 * `limit` (the most rows it can return, which a dataset usually fills). Columns are those named by `columns=`, the
 * status's, or as many as the file shows now.
 */
function knownSize(cell: CellPlan, plan: Plan, statuses: FreeStatuses): KnownSize | undefined {
  const work = cell.work;
  if (work?.kind !== "read" && work?.kind !== "query") return undefined;
  const render = work.kind === "read" ? work.render : work.query.options.render;
  const server = work.kind === "read" ? work.request.params : work.query.options.server;
  const header = render.headers ? 1 : 0;
  const id = executionRead(cell, plan);
  const meta = id ? statuses.get(id)?.result_metadata : undefined;
  const shownWidth = showsResult(cell.cell.cached) ? cell.block.columnCount : undefined;
  const columns = namedColumns(server.columns) ?? meta?.column_names?.length ?? shownWidth ?? 1;
  const known = (rows: number, how: string): KnownSize => ({ rows, columns, how, header: render.headers });
  const total = meta?.total_row_count ?? meta?.row_count;
  if (total !== undefined && server.filters === undefined && server.sample_count === undefined) {
    const after = Math.max(0, total - (server.offset ?? 0));
    const rows = server.limit !== undefined ? Math.min(after, server.limit) : after;
    return known(Math.max(1, rows + header), `its free status's count of ${plural(total, "row")}`);
  }
  if (server.sample_count !== undefined)
    return known(server.sample_count + header, `its sample_count=${server.sample_count}`);
  if (server.limit !== undefined) return known(server.limit + header, `its limit=${server.limit}`);
  return undefined;
}

/**
 * What a dry run can say of a cell's spill before anything is read: "Would be blocked" when its size is known and a
 * cell stands in the way (the same check the write makes, so the real refresh would refuse there), "May be blocked"
 * when its size is not known and the file holds something below or beside what it shows now that a larger result
 * would run into. Nothing for a cell that would fit, keeps its result, or is a legacy formula (which never spills).
 */
export function spillOutlook(book: WorkbookFile, plan: Plan, statuses: FreeStatuses): Map<string, string> {
  const edit = new WorkbookEdit(book);
  const found = new Map<string, string>();
  for (const cell of plan.cells) {
    const read = cell.readId ? plan.reads.get(cell.readId) : undefined;
    if (cell.hold || !read || read.unchanged || !cell.cell.dynamicArray) continue;
    const { sheet, ref } = cell.cell;
    const at = parseA1(ref);
    const size = knownSize(cell, plan, statuses);
    if (size) {
      const blocker = edit.spillBlocker(sheet, ref, size.rows, size.columns);
      if (!blocker) continue;
      const range = blockAddress({ row: at.row, column: at.column, rowCount: size.rows, columnCount: size.columns });
      const where = qualifiedAddress(sheet, blocker.ref);
      found.set(
        cell.address,
        `Would be blocked: by ${size.how} it needs ${plural(size.rows, "row")} × ${plural(size.columns, "column")}` +
          `${size.header ? " (header included)" : ""}, ${qualifiedAddress(sheet, range)}, but ${where} ${blocker.reason}. Clear or move that cell (or move the formula) before the refresh; the real refresh would refuse the file after paying for its reads.`,
      );
      continue;
    }
    const shown = cell.block;
    const down = edit.spillBlocker(sheet, ref, MAX_ROWS - at.row, shown.columnCount);
    const right = edit.spillBlocker(sheet, ref, shown.rowCount, MAX_COLUMNS - at.column);
    const limits = [
      down && { blocker: down, room: `${plural(parseAddress(down.ref).row - at.row, "row")}` },
      right && { blocker: right, room: `${plural(parseAddress(right.ref).column - at.column, "column")}` },
    ].filter((x) => !!x);
    if (limits.length === 0) continue;
    const parts = limits.map(
      (l) => `more than ${l.room} would reach ${qualifiedAddress(sheet, l.blocker.ref)}, which ${l.blocker.reason}`,
    );
    found.set(cell.address, `May be blocked: its size is not known before it is read, and ${parts.join("; ")}.`);
  }
  return found;
}
