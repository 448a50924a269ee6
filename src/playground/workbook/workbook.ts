import { EmulatedObject, type LoadOption } from "./client-object";
import { EmulatedCollection } from "./collection";
import { officeError } from "./errors";
import { EmulatedRange } from "./range";
import { EmulatedContext, type EmulationHost } from "./request-context";
import { EmulatedTableCollection } from "./tables";
import { EmulatedWorksheet } from "./worksheet";

export class EmulatedWorksheetCollection extends EmulatedCollection<EmulatedWorksheet, string> {
  protected entities(): string[] {
    return this.context.host.state.sheets.map((s) => s.id);
  }

  protected makeItem(id: string): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, { item: id }, () => id);
  }

  private find(key: string): string | null {
    const state = this.context.host.state;
    return (state.sheetByName(key) ?? state.sheetById(key))?.id ?? null;
  }

  getItem(key: string): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, { call: "getItem", key, parent: this._objectId }, () => {
      const id = this.find(key);
      if (id === null) throw officeError("ItemNotFound", `The worksheet "${key}" doesn't exist.`);
      return id;
    });
  }

  getItemOrNullObject(key: string): EmulatedWorksheet {
    return new EmulatedWorksheet(this.context, { call: "getItemOrNullObject", key, parent: this._objectId }, () =>
      this.find(key),
    );
  }

  add(name?: string): EmulatedWorksheet {
    return new EmulatedWorksheet(
      this.context,
      { call: "add", name, parent: this._objectId },
      () => this.context.host.state.addSheet(name).id,
    );
  }

  getActiveWorksheet(): EmulatedWorksheet {
    return new EmulatedWorksheet(
      this.context,
      { call: "getActiveWorksheet", parent: this._objectId },
      () => this.context.host.state.activeSheetId,
    );
  }

  getFirst(): EmulatedWorksheet {
    return new EmulatedWorksheet(
      this.context,
      { call: "getFirst", parent: this._objectId },
      () => this.context.host.state.sheets[0].id,
    );
  }
}

/** `context.application`: calculation control. */
export class EmulatedApplication extends EmulatedObject {
  protected scalarProperties(): readonly string[] {
    return ["calculationMode"];
  }
  protected readNow(): unknown {
    return "Automatic";
  }
  get calculationMode(): string {
    return this.read("calculationMode");
  }
  /**
   * "Recalculate" calculates what is out of date and volatile formulas; "Full" and "FullRebuild" every formula
   * ("mark all cells as dirty and then recalculate them", Excel.CalculationType), custom functions invoked again as
   * a manual full recalculation does (custom-functions-web-reqs.md: "When the user triggers recalculation manually
   * … a new function call is triggered in addition to the cancellation of the old one").
   */
  calculate(calculationType: string): void {
    this.queue({ call: "calculate", calculationType }, () => {
      const state = this.context.host.state;
      if (calculationType === "Recalculate") state.recalculate();
      else state.calculateFull(true);
    });
  }
  /** Skips the recalculation at the end of the next sync, as Excel defers it; recorded in `stats`. */
  suspendApiCalculationUntilNextSync(): void {
    this.queue({ call: "suspendApiCalculationUntilNextSync" }, () => undefined);
    this.context.suspendCalculationForThisSync();
  }
}

export class EmulatedWorkbook extends EmulatedObject {
  readonly worksheets: EmulatedWorksheetCollection;
  readonly tables: EmulatedTableCollection;

  constructor(
    context: EmulatedContext,
    readonly application: EmulatedApplication,
  ) {
    super(context);
    this.worksheets = new EmulatedWorksheetCollection(context);
    this.tables = new EmulatedTableCollection(context);
  }

  protected scalarProperties(): readonly string[] {
    return ["name"];
  }
  protected readNow(): unknown {
    return "Book1.xlsx";
  }
  get name(): string {
    return this.read("name");
  }

  getSelectedRange(): EmulatedRange {
    return new EmulatedRange(this.context, { call: "getSelectedRange" }, () => ({
      ...this.context.host.state.selection,
    }));
  }

  getActiveCell(): EmulatedRange {
    return new EmulatedRange(this.context, { call: "getActiveCell" }, () => {
      const { sheetId, block } = this.context.host.state.selection;
      return { sheetId, block: { row: block.row, column: block.column, rowCount: 1, columnCount: 1 } };
    });
  }
}

/** The emulated `Excel.RequestContext`. */
export class EmulatedRequestContext extends EmulatedContext {
  readonly application: EmulatedApplication;
  readonly workbook: EmulatedWorkbook;
  readonly trackedObjects = { add: (): void => undefined, remove: (): void => undefined };

  constructor(host: EmulationHost, immediate = false) {
    super(host, immediate);
    this.application = new EmulatedApplication(this);
    this.workbook = new EmulatedWorkbook(this, this.application);
  }

  worksheetProxy(payload: Record<string, unknown>, resolver: () => string | null): EmulatedWorksheet {
    return new EmulatedWorksheet(this, payload, resolver);
  }

  /** The older `context.load(object, option)` form. */
  load(object: EmulatedObject, option?: LoadOption): void {
    object.load(option);
  }
}
