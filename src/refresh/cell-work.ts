import { InvalidArgumentError } from "../client";
import {
  booleanValue,
  datasetRequest,
  queryRunKey,
  readArguments,
  readQueryCell,
  resultsRequest,
  type CanonicalRequest,
  type CellRequestOptions,
  type QueryCell,
} from "../service-cells";
import type { ServiceFunction } from "../xlsx";
import type { ExcelArgument } from "./call-arguments";

type Shape = "scalar" | "matrix";

/**
 * The add-in's parameters as its functions.json declares them (a test holds the two together): DATASET, RESULTS and
 * QUERY take a scalar, then any number of matrices; STATUS two scalars.
 */
export const PARAMETER_SHAPES: Readonly<Record<ServiceFunction, { shapes: readonly Shape[]; repeating: boolean }>> = {
  DATASET: { shapes: ["scalar", "matrix"], repeating: true },
  RESULTS: { shapes: ["scalar", "matrix"], repeating: true },
  STATUS: { shapes: ["scalar", "scalar"], repeating: false },
  QUERY: { shapes: ["scalar", "matrix"], repeating: true },
  SOURCE: { shapes: ["matrix"], repeating: false },
};

function asMatrix(value: ExcelArgument): unknown[][] {
  return Array.isArray(value) ? value : [[value]];
}

function asScalar(value: ExcelArgument | undefined): unknown {
  // A range given to a scalar parameter: Excel passes its top-left value.
  if (Array.isArray(value)) return value[0]?.[0] ?? null;
  return value ?? null;
}

/** Arguments as Excel hands them to the function: omitted ones null, a repeating parameter's items together. */
export function coerceArguments(fn: ServiceFunction, values: readonly ExcelArgument[]): unknown[] {
  const { shapes, repeating } = PARAMETER_SHAPES[fn];
  return shapes.map((shape, i) => {
    if (repeating && i === shapes.length - 1) return values.slice(i).map(asMatrix);
    return shape === "matrix" ? asMatrix(values[i] ?? null) : asScalar(values[i]);
  });
}

/** What a SERVICE cell shows, as the add-in would fetch it. */
export type CellWork =
  | { kind: "read"; fn: "DATASET" | "RESULTS"; request: CanonicalRequest; render: CellRequestOptions["render"] }
  | { kind: "query"; query: QueryCell; runKey: string }
  | { kind: "status"; executionId: string; detail: boolean }
  /** SERVICE.SOURCE: the source of whatever is at this cell (read from the reference's address, not its value). */
  | { kind: "source"; sheet: string; row: number; column: number };

/**
 * The cell's request, built by the add-in's own functions from the arguments Excel would pass: the same canonical
 * request (and cache key) and the same render options. Throws the add-in's InvalidArgumentError for arguments the
 * cell would refuse.
 */
export function cellWork(fn: Exclude<ServiceFunction, "SOURCE">, values: readonly ExcelArgument[]): CellWork {
  const [first, rest] = coerceArguments(fn, values);
  if (fn === "STATUS") {
    const id = typeof first === "string" ? first.trim() : "";
    if (id === "")
      throw new InvalidArgumentError("SERVICE.STATUS needs an execution id (the text the Run button gives)");
    const detail = rest === null || rest === "" ? true : booleanValue("detail", rest);
    return { kind: "status", executionId: id, detail };
  }
  const items = rest as unknown[][][];
  if (fn === "QUERY") {
    const query = readQueryCell(first, items);
    return {
      kind: "query",
      query,
      runKey: queryRunKey(query.queryId, query.parameters, query.performance),
    };
  }
  const { positional, options } = readArguments(fn, items);
  const request =
    fn === "DATASET" ? datasetRequest(first, positional, options) : resultsRequest(first, positional, options);
  return { kind: "read", fn, request, render: options.render };
}
