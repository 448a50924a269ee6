import { officeError } from "./errors";
import { EmulatedCollection } from "./collection";
import { readMatrix } from "./cell-read";
import { EmulatedRange } from "./range";
import type { EmulatedContext } from "./request-context";
import { ResolvedObject } from "./resolved-object";
import { deleteCells } from "./structure";
import { addTableRows } from "./table-state";
import type { EmulatedTable } from "./tables";

interface RowRef {
  table: EmulatedTable;
  index: number;
}

/** A data row of a table (index within the body). */
export class EmulatedTableRow extends ResolvedObject<RowRef> {
  protected scalarProperties(): readonly string[] {
    return ["index", "values"];
  }
  protected readNow(name: string): unknown {
    const { table, index } = this.resolve();
    if (name === "index") return index;
    const t = table.table();
    return readMatrix(table.sheetOf(t), { ...t.block, row: t.block.row + 1 + index, rowCount: 1 }, "values");
  }
  get index(): number {
    return this.read("index");
  }
  get values(): unknown[][] {
    return this.read("values");
  }

  getRange(): EmulatedRange {
    return new EmulatedRange(this.context, { call: "getRange", parent: this._objectId }, () => {
      const { table, index } = this.resolve();
      const t = table.table();
      return { sheetId: t.sheetId, block: { ...t.block, row: t.block.row + 1 + index, rowCount: 1 } };
    });
  }

  delete(): void {
    this.queue({ call: "delete" }, () => {
      const { table, index } = this.resolve();
      const t = table.table();
      deleteCells(
        this.context.host.state,
        table.sheetOf(t),
        { ...t.block, row: t.block.row + 1 + index, rowCount: 1 },
        "Up",
      );
    });
  }
}

export class EmulatedTableRowCollection extends EmulatedCollection<EmulatedTableRow, RowRef> {
  constructor(
    context: EmulatedContext,
    private readonly owner: EmulatedTable,
  ) {
    super(context);
  }

  protected entities(): RowRef[] {
    const t = this.owner.table();
    return Array.from({ length: t.block.rowCount - 1 }, (_, index) => ({ table: this.owner, index }));
  }

  protected makeItem(): EmulatedTableRow {
    return new EmulatedTableRow(this.context);
  }

  /**
   * `rows.add(index?, values?)`: inserts one row per values row (one empty row without values) at `index`
   * (the end when null/undefined), shifting cells below the table's columns down.
   */
  add(index?: number | null, values?: unknown[][]): EmulatedTableRow {
    const row = new EmulatedTableRow(this.context);
    let added = 0;
    this.queue({ call: "add", index, values }, () => {
      const state = this.context.host.state;
      const t = this.owner.table();
      const sheet = this.owner.sheetOf(t);
      const width = t.block.columnCount;
      if (
        values !== undefined &&
        (!Array.isArray(values) || values.some((r) => !Array.isArray(r) || r.length !== width))
      ) {
        throw officeError(
          "InvalidArgument",
          "The number of values in a row doesn't match the number of table columns.",
        );
      }
      const count = values?.length || 1;
      const block = addTableRows(state, sheet, t, index ?? null, count);
      values?.forEach((r, i) => r.forEach((v, j) => state.writeInput(sheet, block.row + i, block.column + j, v)));
      state.changes.touch(sheet.id, block);
      added = block.row - t.block.row - 1;
    });
    return row.bindLater(() => ({ table: this.owner, index: added }));
  }

  getItemAt(index: number): EmulatedTableRow {
    return new EmulatedTableRow(this.context).bindLater(() => {
      if (index < 0 || index >= this.owner.table().block.rowCount - 1)
        throw officeError("InvalidArgument", `No table row at ${index}.`);
      return { table: this.owner, index };
    });
  }

  /** ExcelApi 1.16. */
  deleteRowsAt(index: number, count = 1): void {
    this.queue({ call: "deleteRowsAt", index, count }, () => {
      const t = this.owner.table();
      deleteCells(
        this.context.host.state,
        this.owner.sheetOf(t),
        { ...t.block, row: t.block.row + 1 + index, rowCount: count },
        "Up",
      );
    });
  }
}

interface ColumnRef {
  table: EmulatedTable;
  index: number;
}

export class EmulatedTableColumn extends ResolvedObject<ColumnRef> {
  protected scalarProperties(): readonly string[] {
    return ["index", "name"];
  }
  protected readNow(name: string): unknown {
    const { table, index } = this.resolve();
    if (name === "index") return index;
    const t = table.table();
    return table.sheetOf(t).values.get(t.block.row, t.block.column + index);
  }
  get index(): number {
    return this.read("index");
  }
  get name(): string {
    return this.read("name");
  }
}

export class EmulatedTableColumnCollection extends EmulatedCollection<EmulatedTableColumn, ColumnRef> {
  constructor(
    context: EmulatedContext,
    private readonly owner: EmulatedTable,
  ) {
    super(context);
  }
  protected entities(): ColumnRef[] {
    const t = this.owner.table();
    return Array.from({ length: t.block.columnCount }, (_, index) => ({ table: this.owner, index }));
  }
  protected makeItem(): EmulatedTableColumn {
    return new EmulatedTableColumn(this.context);
  }
}
