import { blockAddress, qualifiedAddress } from "../../sheet";
import { type CallArgument, parseCall, UnsupportedFormulaError } from "../formulas/parse-call";
import { resolveArguments, type ArgumentValue, type CellReader } from "../formulas/resolve-args";
import { unknownFunctionMessage } from "../../formulas";
import { CellError } from "../workbook";
import type { CatalogEntry, FunctionCatalog } from "./function-catalog";

/** What a formula asks of the custom-functions runtime. */
export type Dispatch =
  /** Not a call of one of the add-in's functions: the workbook's own evaluator handles it. */
  | { kind: "not-ours" }
  /** The cell shows an error without calling anything (#NAME?, an argument's error, unsupported syntax). */
  | { kind: "error"; key: string; error: CellError; message?: string }
  /**
   * Call the function with these arguments; `key` identifies the call (same key, same invocation). Where each
   * argument came from ("Sheet1!B3" for a reference, "" for a literal) is its invocation's `parameterAddresses`.
   */
  | { kind: "call"; key: string; entry: CatalogEntry; args: ArgumentValue[]; parameterAddresses: string[] };

/** "Sheet1!B3", or "'My sheet'!B3:C4": a reference argument as Excel gives its address (unquoted sheets stay so). */
function argumentAddress(arg: CallArgument, ownSheet: string): string {
  if (arg.kind !== "reference") return "";
  return qualifiedAddress(arg.address.sheet ?? ownSheet, blockAddress(arg.address));
}

/**
 * Decides what a formula does, as Excel would with the add-in loaded: `=SERVICE.X(args)` calls the function
 * associated with X's id; a name in the namespace without a registered function is #NAME?; an error in a
 * referenced cell is the result.
 */
export function dispatchFormula(
  formula: string,
  sheet: string,
  catalog: FunctionCatalog,
  registered: readonly string[],
  read: CellReader,
): Dispatch {
  let call;
  try {
    call = parseCall(formula);
  } catch (e) {
    if (e instanceof UnsupportedFormulaError && catalog.inNamespace(e.callName)) {
      return { kind: "error", key: `unsupported:${e.message}`, error: new CellError("#VALUE!"), message: e.message };
    }
    return { kind: "not-ours" };
  }
  if (!call) return { kind: "not-ours" };
  const entry = catalog.lookup(call.name);
  if (!entry || !registered.includes(entry.id.toUpperCase())) {
    if (!catalog.inNamespace(call.name)) return { kind: "not-ours" };
    const message = unknownFunctionMessage(call.name, catalog.callableNames(registered));
    return { kind: "error", key: `unknown:${call.name}`, error: new CellError("#NAME?"), message };
  }
  const args = resolveArguments(call.args, sheet, read);
  if (!args.ok) return { kind: "error", key: `error:${args.error.code}`, error: args.error };
  const parameterAddresses = call.args.slice(0, args.values.length).map((arg) => argumentAddress(arg, sheet));
  // A function told where its arguments are is a different call for other cells, whatever their values.
  const where = entry.parameterAddresses ? `@${JSON.stringify(parameterAddresses)}` : "";
  const key = `${entry.id}:${JSON.stringify(args.values)}${where}`;
  return { kind: "call", key, entry, args: args.values, parameterAddresses };
}
