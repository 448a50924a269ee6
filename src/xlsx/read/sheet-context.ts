import { XlsxError } from "../errors";

export interface SheetContext {
  part: string;
  /** `the sheet "Data" (xl/worksheets/sheet1.xml)`. */
  where: string;
  sharedStrings: readonly string[];
  /** `cm` values whose cell metadata marks a dynamic array. */
  dynamicArrayCm: ReadonlySet<number>;
}

/** A part that is well-formed XML but not what it should be (a cell twice, rows out of order, a bad value). */
export function unreadable(ctx: { where: string; part: string }, detail: string): XlsxError {
  return new XlsxError(
    "bad-xml",
    `${ctx.where} cannot be read (${detail}). Open the file in Excel and save it again; nothing was written.`,
    ctx.part,
  );
}
