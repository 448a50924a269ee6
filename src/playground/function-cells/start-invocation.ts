import { cellAddress, qualifiedAddress } from "../../sheet";
import { CustomFunctionsError, ErrorCode, type FakeCustomFunctionsRuntime } from "../custom-functions";
import type { ArgumentValue } from "../formulas/resolve-args";
import type { FunctionCell } from "./function-cell";
import type { CatalogEntry } from "./function-catalog";

/**
 * Calls the function for a cell as Excel does: a streaming function gets an invocation whose every setResult
 * reaches `apply` (and which the cell cancels later); any other function's returned value or promise is one
 * result. Whatever goes wrong on the way shows as a bare #VALUE!.
 */
export function startInvocation(
  runtime: FakeCustomFunctionsRuntime,
  cell: FunctionCell,
  entry: CatalogEntry,
  args: ArgumentValue[],
  apply: (raw: unknown) => void,
): void {
  if (!entry.streaming) {
    void runtime.call(entry.id, args).then(apply, () => apply(new CustomFunctionsError(ErrorCode.invalidValue)));
    return;
  }
  try {
    const invocation = runtime.stream(entry.id, args, qualifiedAddress(cell.sheet, cellAddress(cell.row, cell.column)));
    cell.invocation = invocation;
    invocation.onResult(apply);
    // Results set while the function was being entered came before our listener.
    if (invocation.latest !== undefined) apply(invocation.latest);
  } catch {
    apply(new CustomFunctionsError(ErrorCode.invalidValue));
  }
}
