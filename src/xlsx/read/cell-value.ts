import { ERROR_VALUES, type StoredType, type XlsxValue } from "../model/cell-types";
import { decodeXstring } from "../xml/entities";
import { unreadable, type SheetContext } from "./sheet-context";

/** A cell's value from its `t`, the text of its `<v>` and of its inline string (ECMA-376 Part 1, the cell `c`). */
export function cellValue(
  t: string,
  v: string | undefined,
  inline: string | undefined,
  ctx: SheetContext,
  ref: string,
): { type: StoredType; value: XlsxValue } {
  switch (t) {
    case "inlineStr":
      return { type: "inlineStr", value: inline === undefined ? null : decodeXstring(inline) };
    case "s": {
      if (v === undefined) return { type: "none", value: null };
      const i = Number(v);
      const text = ctx.sharedStrings[i];
      if (!Number.isInteger(i) || text === undefined)
        throw unreadable(ctx, `the cell ${ref} points at shared string ${v}, which does not exist`);
      return { type: "s", value: text };
    }
    case "str":
      return { type: "str", value: v === undefined ? null : decodeXstring(v) };
    case "b":
      if (v === undefined) return { type: "none", value: null };
      if (!/^(0|1|true|false)$/.test(v.trim())) throw unreadable(ctx, `the boolean in ${ref} reads "${v}"`);
      return { type: "b", value: v.trim() === "1" || v.trim() === "true" };
    case "e": {
      if (v === undefined) return { type: "none", value: null };
      const error = ERROR_VALUES.find((e) => e === v.trim());
      if (!error) throw unreadable(ctx, `the error in ${ref} reads "${v}"`);
      return { type: "e", value: { error } };
    }
    case "d":
      return { type: v === undefined ? "none" : "d", value: v === undefined ? null : v.trim() };
    case "n": {
      if (v === undefined || v.trim() === "") return { type: "none", value: null };
      const n = Number(v);
      if (!Number.isFinite(n)) throw unreadable(ctx, `the number in ${ref} reads "${v}"`);
      return { type: "n", value: n };
    }
    default:
      throw unreadable(ctx, `the cell ${ref} has the unknown type "${t}"`);
  }
}
