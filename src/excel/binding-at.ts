import { parseAddress } from "../sheet";
import type { TableBinding } from "./bindings";

/**
 * The bound table at a cell: the one whose range holds it, or whose caption row (the cell above its header, when it
 * was inserted with one) it is. Sheets are compared without case, as Excel names them.
 */
export function bindingAt(
  bindings: readonly TableBinding[],
  sheet: string,
  row: number,
  column: number,
): TableBinding | undefined {
  const name = sheet.toLowerCase();
  return bindings.find((binding) => {
    let block;
    try {
      block = parseAddress(binding.address);
    } catch {
      return false;
    }
    if ((block.sheet ?? binding.sheet).toLowerCase() !== name) return false;
    const inside =
      row >= block.row &&
      row < block.row + block.rowCount &&
      column >= block.column &&
      column < block.column + block.columnCount;
    const caption = binding.options?.caption === true && row === block.row - 1 && column === block.column;
    return inside || caption;
  });
}
