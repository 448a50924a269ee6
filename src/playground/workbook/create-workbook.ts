import { parseAddress, type CellBlock } from "../../sheet";
import type { Clock } from "../../clock";
import type { Stored } from "./cell-types";
import { readContents, writeContents, type BlockContents } from "./cell-contents";
import type { ChangeListener } from "./change-log";
import { EmulatedSettings } from "./document-settings";
import { documentPartsOf, type DocumentParts } from "./document-parts";
import { officeError } from "./errors";
import { WorkbookInspector } from "./inspector";
import type { EmulationHost, EmulationLimits } from "./request-context";
import { EmulatedRuntimeStorage } from "./runtime-storage";
import { SyncStats } from "./sync-stats";
import { EmulatedRequestContext } from "./workbook";
import { WorkbookState, type FormulaHook } from "./workbook-state";
import {
  documentOf,
  openedFormulasOf,
  restoreInto,
  type OpenedFormula,
  type OpenedSpill,
  type SpillBlock,
  type WorkbookDocument,
} from "./workbook-document";

/**
 * Excel on the web rejects a request or response over 5 MB. We take 5,000,000 bytes (the stricter reading of
 * "5 MB"), so code that passes here also passes against 5 MiB.
 */
export const EXCEL_PAYLOAD_LIMIT_BYTES = 5_000_000;

export interface WorkbookOptions {
  /** Initial sheet names; default ["Sheet1"]. The first is active. */
  sheets?: string[];
  /** Evaluates formulas the formula engine doesn't (the playground's SERVICE.* functions). */
  evaluateFormula?: FormulaHook;
  /** The hook's function names (a call of one inside a larger expression is refused with a message). */
  isExternalFunction?: (name: string) => boolean;
  /** The hook's functions by qualified name (a misspelt one's message lists them). */
  externalFunctionNames?: () => readonly string[];
  /** The block the hook's formula at a cell spilled into, for `A1#`. */
  externalSpill?: (sheet: string, row: number, column: number) => CellBlock | undefined;
  /** TODAY and NOW read it; the system clock by default. */
  clock?: Pick<Clock, "now">;
  requestLimitBytes?: number;
  responseLimitBytes?: number;
  /** Opens this saved workbook instead of an empty one (its sheets replace `sheets`). */
  document?: WorkbookDocument;
  /** Told when the document's settings are saved (`saveAsync`), so a page can keep the file. */
  onSettingsSaved?: () => void;
  /** The settings bag as the file holds it now, for `refreshAsync` (another session may have saved it). */
  fileSettings?: () => Promise<Record<string, unknown> | undefined>;
  /** True while `saveAsync` put a bag into the document that the file does not have yet. */
  settingsUnsaved?: () => boolean;
  /** The formulas' spilled blocks now, kept with the file (whoever lays out function results knows them). */
  spills?: () => readonly SpillBlock[];
  /**
   * Told before a full calculation that re-runs custom functions (`application.calculate` Full or FullRebuild, the
   * Calculate Full control): whoever runs them invokes them again.
   */
  onFullCalculation?: () => void;
}

/** `Excel.run` as add-in code calls it: typed against the real `Excel.RequestContext`. */
export type ExcelRunLike = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

export interface EmulatedExcelNamespace {
  run: ExcelRunLike;
  CalculationType: { recalculate: "Recalculate"; full: "Full"; fullRebuild: "FullRebuild" };
  InsertShiftDirection: { down: "Down"; right: "Right" };
  DeleteShiftDirection: { up: "Up"; left: "Left" };
  ClearApplyTo: {
    all: "All";
    formats: "Formats";
    contents: "Contents";
    hyperlinks: "Hyperlinks";
    removeHyperlinks: "RemoveHyperlinks";
    resetContents: "ResetContents";
  };
  ErrorCodes: Record<string, string>;
}

export interface EmulatedOfficeNamespace {
  context: {
    document: { settings: EmulatedSettings };
    partitionKey: string | undefined;
    requirements: { isSetSupported(name: string, version?: string): boolean };
  };
  AsyncResultStatus: { Succeeded: "succeeded"; Failed: "failed" };
  HostType: { Excel: "Excel" };
  onReady(callback?: (info: { host: string; platform: string }) => void): Promise<{ host: string; platform: string }>;
}

export interface PlaygroundWorkbook {
  /** Install as `globalThis.Excel` in the playground page (cast to `typeof Excel` there). */
  Excel: EmulatedExcelNamespace;
  Office: EmulatedOfficeNamespace;
  OfficeRuntime: { storage: EmulatedRuntimeStorage };
  /** Same as `Excel.run`; pass it to the writer in tests. */
  run: ExcelRunLike;
  /** `Excel.run` for the grid's own edits, applied at once as Excel applies what the user types. */
  userRun: ExcelRunLike;
  stats: SyncStats;
  inspect: WorkbookInspector;
  /** Fires after each sync, once per changed sheet. Returns an unsubscribe function. */
  onChange(listener: ChangeListener): () => void;
  /** Sets the selection (what `getSelectedRange()` returns), as a user click would. */
  select(sheet: string, address: string): void;
  /** Simulates closing and reopening the document: unsaved document settings are lost. */
  reopen(): void;
  /** The workbook as a saved file keeps it (see WorkbookDocument). */
  saveDocument(): WorkbookDocument;
  /** The same, to be saved a part at a time (see DocumentParts). */
  saveParts(): DocumentParts;
  /** The spills of the document this workbook was opened from, with the values they held. */
  readonly openedSpills: readonly OpenedSpill[];
  /** The formulas of the document this workbook was opened from, with the values they showed. */
  readonly openedFormulas: readonly OpenedFormula[];
  /**
   * Calculates as Excel's Formulas tab does, outside any request: "Recalculate" (Calculate Now, F9) what is out of
   * date and volatile formulas; "Full" (Calculate Full, Ctrl+Alt+F9) every formula, custom functions re-invoked.
   */
  calculate(type: "Recalculate" | "Full"): void;
  /**
   * Puts calculated values straight into cells, as Excel's calc engine does for a dynamic array's spilled
   * cells and for an asynchronous function's result: no entry rules (a spilled "=1+1" is text, not a formula),
   * no request, formulas untouched; undefined empties a cell and null leaves it as it is (as null does in
   * `range.values`). Listeners get one "cells" change event.
   */
  writeComputed(
    sheet: string,
    row: number,
    column: number,
    values: readonly (readonly (Stored | undefined | null)[])[],
  ): void;
  /** What a block holds as entered (formulas, constants, formats, styles), not what formulas spilled there. */
  contents(sheet: string, address: string): BlockContents;
  /**
   * Puts contents back as they are, replacing the block of their size at (row, column): the grid's undo, redo and
   * paste, which Excel does without its entry rules. Formulas recalculate; listeners get one change event.
   */
  putContents(sheet: string, row: number, column: number, contents: BlockContents): void;
  /** How many syncs so far changed cells or sheets: a change the user's own edits did not make shows here. */
  editSyncs(): number;
}

export function createWorkbook(options: WorkbookOptions = {}): PlaygroundWorkbook {
  const doc = options.document;
  const state = new WorkbookState(
    doc ? doc.sheets.map((s) => s.name) : (options.sheets ?? ["Sheet1"]),
    options.evaluateFormula,
    {
      clock: options.clock,
      isExternal: options.isExternalFunction,
      externalNames: options.externalFunctionNames,
      externalSpill: options.externalSpill,
    },
  );
  const openedSpills = doc ? restoreInto(state, doc) : [];
  const openedFormulas = doc ? openedFormulasOf(state, doc) : [];
  state.onFullCalculation = options.onFullCalculation;
  if (doc) state.opened(openedSpills);
  const limits: EmulationLimits = {
    requestBytes: options.requestLimitBytes ?? EXCEL_PAYLOAD_LIMIT_BYTES,
    responseBytes: options.responseLimitBytes ?? EXCEL_PAYLOAD_LIMIT_BYTES,
  };
  const host: EmulationHost = { state, stats: new SyncStats(), limits, listeners: new Set(), editSyncs: 0 };
  const sheetNamed = (name: string) => {
    const sheet = state.sheetByName(name);
    if (!sheet) throw new Error(`No worksheet named "${name}"`);
    return sheet;
  };
  /** The blocks formulas spilled into on a sheet (the add-in's functions' and the workbook's own). */
  const spillsOn = (name: string) =>
    [...(options.spills?.() ?? []), ...state.engine.spills()].filter(
      (s) => s.sheet.toLowerCase() === name.toLowerCase(),
    );
  const emit = (): void => {
    const events = state.changes.drain((id) => state.sheetById(id)?.name);
    for (const event of events) for (const listener of host.listeners) listener(event);
  };
  const notify = (): void => {
    // Formulas that read the changed cells (=SUM(A2#) over an arriving result) recalculate now, as in Excel.
    state.recalculate();
    emit();
  };
  const settingsStore = {
    saved: { ...(doc?.settings ?? {}) },
    onSaved: options.onSettingsSaved,
    fileBag: options.fileSettings,
    unsavedInDocument: options.settingsUnsaved,
  };
  const settings = new EmulatedSettings(settingsStore);

  const runAny =
    (immediate: boolean) =>
    async (...args: unknown[]): Promise<unknown> => {
      const batch = args[args.length - 1];
      if (typeof batch !== "function") throw officeError("InvalidArgument", "Excel.run needs a batch function.");
      const context = new EmulatedRequestContext(host, immediate);
      try {
        const result: unknown = await (batch as (c: unknown) => Promise<unknown>)(context);
        // Office.js runs what is still queued when the batch's promise resolves.
        if (context.hasPending) await context.sync();
        return result;
      } finally {
        context.close();
      }
    };
  // The one boundary cast: the emulated context implements the subset of Excel.RequestContext we use.
  const run = runAny(false) as ExcelRunLike;
  const userRun = runAny(true) as ExcelRunLike;

  const info = { host: "Excel", platform: "OfficeOnline" };
  return {
    Excel: {
      run,
      CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
      InsertShiftDirection: { down: "Down", right: "Right" },
      DeleteShiftDirection: { up: "Up", left: "Left" },
      ClearApplyTo: {
        all: "All",
        formats: "Formats",
        contents: "Contents",
        hyperlinks: "Hyperlinks",
        removeHyperlinks: "RemoveHyperlinks",
        resetContents: "ResetContents",
      },
      ErrorCodes: {
        invalidArgument: "InvalidArgument",
        invalidOperation: "InvalidOperation",
        itemNotFound: "ItemNotFound",
        itemAlreadyExists: "ItemAlreadyExists",
        generalException: "GeneralException",
        insertDeleteConflict: "InsertDeleteConflict",
        nonBlankCellOffSheet: "NonBlankCellOffSheet",
        responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
        requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
        formulaLengthExceedsLimit: "FormulaLengthExceedsLimit",
      },
    },
    Office: {
      context: { document: { settings }, partitionKey: undefined, requirements: { isSetSupported: () => true } },
      AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
      HostType: { Excel: "Excel" },
      onReady: async (callback) => {
        callback?.(info);
        return info;
      },
    },
    OfficeRuntime: { storage: new EmulatedRuntimeStorage() },
    run,
    userRun,
    stats: host.stats,
    inspect: new WorkbookInspector(state),
    onChange(listener) {
      host.listeners.add(listener);
      return () => host.listeners.delete(listener);
    },
    select(sheetName, address) {
      const sheet = state.sheetByName(sheetName);
      if (!sheet) throw new Error(`No worksheet named "${sheetName}"`);
      const { row, column, rowCount, columnCount } = parseAddress(address);
      state.selection = { sheetId: sheet.id, block: { row, column, rowCount, columnCount } };
      state.activeSheetId = sheet.id;
    },
    reopen() {
      settings.reload();
    },
    saveDocument: () =>
      documentOf(state, settingsStore.saved, [...(options.spills?.() ?? []), ...state.engine.spills()]),
    saveParts: () =>
      documentPartsOf(state, settingsStore.saved, [...(options.spills?.() ?? []), ...state.engine.spills()]),
    openedSpills,
    openedFormulas,
    calculate(type) {
      if (type === "Full") state.calculateFull(true);
      else state.recalculate();
      emit();
    },
    writeComputed(sheetName, row, column, values) {
      const sheet = sheetNamed(sheetName);
      let columnCount = 0;
      values.forEach((line, i) => {
        columnCount = Math.max(columnCount, line.length);
        line.forEach((v, j) => {
          if (v !== null) sheet.values.set(row + i, column + j, v);
        });
      });
      if (values.length === 0 || columnCount === 0) return;
      state.changes.touch(sheet.id, { row, column, rowCount: values.length, columnCount });
      notify();
    },
    contents(sheetName, address) {
      const sheet = sheetNamed(sheetName);
      const { row, column, rowCount, columnCount } = parseAddress(address);
      return readContents(sheet, { row, column, rowCount, columnCount }, spillsOn(sheet.name));
    },
    putContents(sheetName, row, column, contents) {
      const sheet = sheetNamed(sheetName);
      writeContents(state, sheet, { row, column }, contents, spillsOn(sheet.name));
      notify();
    },
    editSyncs: () => host.editSyncs,
  };
}
