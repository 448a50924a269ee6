import type { FormulaEngine } from "../formulas";
import { carriesSecret, cellAddress, qualifiedAddress } from "../sheet";
import { queryPagePattern } from "../service-cells";
import { WorkbookEdit, type WorkbookFile } from "../xlsx";
import type { AddinDocument } from "./addin-document";
import type { Execution } from "./execute-plan";
import type { Plan } from "./plan-types";
import type { CellReport, DependentReport, TableReport } from "./report";
import { writeCells } from "./write-cells";
import { writeSources } from "./write-sources";
import { snapshotRows } from "./snapshot";
import { writeDependents } from "./write-dependents";
import { writeTables } from "./write-tables";
import { ResultChanges } from "./result-changes";
import type { WorkbookHost } from "./workbook-host";

export interface WorkbookWrite {
  bytes: Uint8Array;
  parts: { changed: string[]; added: string[]; dropped: string[] };
  cells: CellReport[];
  tables: TableReport[];
  dependents: DependentReport[];
  settings: string[];
  notes: string[];
  /** The snapshot sheet added, if any. */
  snapshot?: string;
  /** Whether anything in the file changed. */
  changed: boolean;
}

export interface WorkbookWriteContext {
  book: WorkbookFile;
  host: WorkbookHost;
  engine: FormulaEngine;
  plan: Plan;
  ex: Execution;
  document: AddinDocument;
  now: number;
  spillLimitBytes: number;
  secrets: readonly string[];
  /** A month-end snapshot to add: the new sheet's name, and the file's name for its title. */
  snapshot?: { sheet: string; file: string };
}

/**
 * Every write of the refresh, gathered in one edit of the package: SERVICE cells and their spills, bound tables,
 * the formulas their values reach, and the add-in's settings (remembered runs, bindings, refresh times), then
 * `fullCalcOnLoad` so Excel recomputes the rest. Throws the file layer's XlsxError when a write is refused: nothing
 * of the edit is kept.
 */
export async function writeWorkbook(ctx: WorkbookWriteContext): Promise<WorkbookWrite> {
  const { book, host, engine, plan, ex, document, now, secrets } = ctx;
  const edit = new WorkbookEdit(book);
  const changes = new ResultChanges(host, engine);
  const cells = writeCells({ edit, host, changes, plan, ex, now, secrets, spillLimitBytes: ctx.spillLimitBytes });
  const pattern = queryPagePattern(document.settings);
  const tables = writeTables({ edit, host, changes, plan, ex, now, secrets, pattern });
  const bindings = new Map(document.bindings().map((b) => [b.tableName.toLowerCase(), b]));
  for (const b of tables.bindings) bindings.set(b.tableName.toLowerCase(), b);
  const places = [...cells.places, ...tables.places];
  const sourceContext = { edit, host, changes, places, bindings: [...bindings.values()], pattern };
  writeSources(sourceContext, plan.cells, cells.reports);
  const service = new Set(plan.cells.map((c) => c.address));
  const inputs = plan.cells
    .filter((c) => cells.reports.some((r) => r.cell === c.address && r.status === "refreshed"))
    .flatMap((c) => c.inputs);
  const dependents = writeDependents(edit, book, host, engine, inputs, changes, (f) =>
    service.has(qualifiedAddress(f.sheet, cellAddress(f.row, f.column))),
  );
  const notes: string[] = [];
  const runs = new Map(
    [...ex.runs].flatMap(([key, outcome]) =>
      outcome.run && !key.startsWith("table:") ? [[key, outcome.run] as const] : [],
    ),
  );
  const wrote =
    cells.reports.some((r) => r.status === "refreshed") ||
    tables.reports.some((r) => r.status === "refreshed") ||
    dependents.some((d) => d.status === "recomputed");
  if (document.part) {
    await document.recordRuns(runs, now);
    await document.saveBindings(tables.bindings, now, secrets);
    const live = {
      requests: new Set(plan.cells.flatMap((c) => (c.work?.kind === "read" ? [c.work.request.key] : []))),
      queries: new Set(plan.cells.flatMap((c) => (c.work?.kind === "query" ? [c.work.runKey] : []))),
    };
    if (wrote) await document.recordRefreshTimes(cells.times, live);
    for (const [name, json] of document.changes()) {
      if (json !== null && carriesSecret(json, secrets))
        throw new Error(`The setting ${name} would carry the API key; nothing was written.`);
      edit.setWebExtensionProperty(document.part, name, json);
    }
  } else if (wrote || runs.size > 0) {
    notes.push(
      "The workbook has no settings of the add-in (it was never saved with the add-in open), so the runs made and the refresh times are not recorded in it.",
    );
  }
  let snapshot: string | undefined;
  if (ctx.snapshot && places.length > 0) {
    edit.addSheet(ctx.snapshot.sheet, snapshotRows(ctx.snapshot.file, now, places, pattern));
    snapshot = ctx.snapshot.sheet;
  } else if (ctx.snapshot) notes.push("Nothing was refreshed, so no snapshot was taken.");
  const settings = [...document.changes().keys()];
  if (wrote) edit.setFullCalcOnLoad();
  const { bytes, parts } = edit.toBytes();
  return {
    bytes,
    parts,
    cells: cells.reports,
    tables: tables.reports,
    dependents,
    settings,
    notes,
    ...(snapshot !== undefined ? { snapshot } : {}),
    changed: wrote || settings.length > 0,
  };
}
