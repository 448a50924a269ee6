import { XlsxError } from "./errors";
import type {
  CalcChainEntry,
  CalcProperties,
  DefinedName,
  SheetInfo,
  TableInfo,
  WebExtension,
  Worksheet,
} from "./model/workbook-types";
import type { OpcPackage } from "./package/opc-package";
import type { SheetLayout } from "./read/sheet-layout";
import type { WorkbookPart } from "./read/workbook-part";

/** What the reader keeps for writing; not part of the module's surface. */
export interface WorkbookInternals {
  pkg: OpcPackage;
  workbookPart: string;
  typeOf: (part: string) => string | undefined;
  sharedStringsPart?: string;
  metadataPart?: string;
  calcChainPart?: string;
  dynamicArrayCm: ReadonlySet<number>;
  /** By sheet name. */
  layouts: Map<string, SheetLayout>;
  tables: Map<string, TableInfo[]>;
}

/** An opened workbook file: what it holds, read once; edits go through `WorkbookEdit`. */
export class WorkbookFile {
  readonly sheets: readonly SheetInfo[];
  readonly definedNames: readonly DefinedName[];
  readonly calcProperties?: CalcProperties;
  readonly date1904: boolean;
  /** Position of the sheet shown when the file opens. */
  readonly activeTab: number;

  constructor(
    /** @internal */ readonly internals: WorkbookInternals,
    workbook: WorkbookPart,
    readonly calcChain: readonly CalcChainEntry[],
    readonly webExtensions: readonly WebExtension[],
    readonly fileName?: string,
  ) {
    this.sheets = workbook.sheets;
    this.definedNames = workbook.definedNames;
    this.calcProperties = workbook.calcProperties;
    this.date1904 = workbook.date1904;
    this.activeTab = workbook.activeTab;
  }

  /** Every table of every worksheet. */
  get tables(): TableInfo[] {
    return [...this.internals.tables.values()].flat();
  }

  /** The sheet by name, compared without regard to case as Excel does. */
  sheetInfo(name: string): SheetInfo {
    const key = name.toLowerCase();
    const found = this.sheets.find((s) => s.name.toLowerCase() === key);
    if (!found) throw new XlsxError("not-found", `This workbook has no sheet named "${name}".`);
    return found;
  }

  worksheet(name: string): Worksheet {
    const info = this.sheetInfo(name);
    const layout = this.internals.layouts.get(info.name);
    if (!layout) throw new XlsxError("not-found", `"${info.name}" is a ${info.kind}, not a worksheet with cells.`);
    return {
      info,
      cells: layout.cells,
      dimension: layout.dimension?.attrs.find((a) => a.name === "ref")?.value,
      mergedRanges: layout.mergedRanges,
      tables: this.internals.tables.get(info.name) ?? [],
    };
  }

  worksheets(): Worksheet[] {
    return this.sheets.filter((s) => s.kind === "worksheet").map((s) => this.worksheet(s.name));
  }

  /** The table by name (`name` or `displayName`), compared without regard to case. */
  table(name: string): TableInfo {
    const key = name.toLowerCase();
    const found = this.tables.find((t) => t.name.toLowerCase() === key || t.displayName.toLowerCase() === key);
    if (!found) throw new XlsxError("not-found", `This workbook has no table named "${name}".`);
    return found;
  }
}
