import { MAX_COLUMNS, MAX_ROWS, parseAddress } from "../../sheet";
import type { SheetState } from "./cell-types";
import { usedBlock } from "./cell-read";
import { officeError } from "./errors";
import { checkBlock, EmulatedRange } from "./range";
import type { EmulatedContext } from "./request-context";
import { ResolvedObject } from "./resolved-object";
import { EmulatedTableCollection } from "./tables";

/** The emulated `Excel.Worksheet`, bound to a sheet id. */
export class EmulatedWorksheet extends ResolvedObject<string> {
  readonly tables: EmulatedTableCollection;

  constructor(context: EmulatedContext, payload: Record<string, unknown>, resolver: () => string | null) {
    super(context);
    this.tables = new EmulatedTableCollection(context, () => this.resolve());
    this.bind(payload, resolver);
  }

  protected override revalidate(id: string): string {
    this.context.host.state.requireSheet(id);
    return id;
  }

  sheet(): SheetState {
    return this.context.host.state.requireSheet(this.resolve());
  }

  protected scalarProperties(): readonly string[] {
    return ["name", "id", "position", "visibility"];
  }

  protected readNow(name: string): unknown {
    const sheet = this.sheet();
    switch (name) {
      case "name":
        return sheet.name;
      case "id":
        return sheet.id;
      case "position":
        return this.context.host.state.sheets.indexOf(sheet);
      case "visibility":
        return "Visible";
    }
    return undefined;
  }

  get name(): string {
    return this.read("name");
  }
  set name(v: string) {
    this.assign("name", v, () => {
      const state = this.context.host.state;
      const sheet = this.sheet();
      state.validateSheetName(v, sheet);
      sheet.name = v;
      state.changes.structure(sheet.id);
    });
  }
  get id(): string {
    return this.read("id");
  }
  get position(): number {
    return this.read("position");
  }
  get visibility(): string {
    return this.read("visibility");
  }

  /** `getRange()` is the whole sheet; an address may name this sheet but no other. */
  getRange(address?: string): EmulatedRange {
    return new EmulatedRange(this.context, { call: "getRange", address, parent: this._objectId }, () => {
      const sheet = this.sheet();
      if (address === undefined)
        return { sheetId: sheet.id, block: { row: 0, column: 0, rowCount: MAX_ROWS, columnCount: MAX_COLUMNS } };
      let parsed;
      try {
        parsed = parseAddress(address);
      } catch {
        throw officeError("InvalidArgument", `"${address}" is not a valid range address.`);
      }
      if (parsed.sheet !== undefined && parsed.sheet.toLowerCase() !== sheet.name.toLowerCase()) {
        throw officeError("InvalidArgument", `"${address}" refers to another worksheet.`);
      }
      const { row, column, rowCount, columnCount } = parsed;
      return { sheetId: sheet.id, block: { row, column, rowCount, columnCount } };
    });
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): EmulatedRange {
    return new EmulatedRange(
      this.context,
      { call: "getRangeByIndexes", args: [startRow, startColumn, rowCount, columnCount], parent: this._objectId },
      () => ({
        sheetId: this.resolve(),
        block: checkBlock({ row: startRow, column: startColumn, rowCount, columnCount }),
      }),
    );
  }

  getCell(row: number, column: number): EmulatedRange {
    return this.getRangeByIndexes(row, column, 1, 1);
  }

  /** Office.js returns A1 for an empty sheet. */
  getUsedRange(valuesOnly = false): EmulatedRange {
    return new EmulatedRange(this.context, { call: "getUsedRange", valuesOnly, parent: this._objectId }, () => ({
      sheetId: this.resolve(),
      block: usedBlock(this.sheet(), valuesOnly) ?? { row: 0, column: 0, rowCount: 1, columnCount: 1 },
    }));
  }

  getUsedRangeOrNullObject(valuesOnly = false): EmulatedRange {
    return new EmulatedRange(
      this.context,
      { call: "getUsedRangeOrNullObject", valuesOnly, parent: this._objectId },
      () => {
        const block = usedBlock(this.sheet(), valuesOnly);
        return block ? { sheetId: this.resolve(), block } : null;
      },
    );
  }

  activate(): void {
    this.queue({ call: "activate" }, () => {
      const state = this.context.host.state;
      state.activeSheetId = this.resolve();
      state.selection = { sheetId: state.activeSheetId, block: { row: 0, column: 0, rowCount: 1, columnCount: 1 } };
    });
  }

  delete(): void {
    this.queue({ call: "delete" }, () => this.context.host.state.deleteSheet(this.sheet()));
  }

  /** Marking all dirty recalculates every formula of the workbook here (the playground has no per-sheet pass). */
  calculate(markAllDirty: boolean): void {
    this.queue({ call: "calculate" }, () => this.context.host.state.recalculate(markAllDirty === true));
  }
}
