/**
 * The SERVICE.* custom functions. This file is the webpack entry whose JSDoc custom-functions-metadata turns into
 * functions.json (and after which the plugin appends the CustomFunctions.associate calls); descriptions stay within
 * the 128 characters the unified manifest allows (the full option lists are in docs/functions.md). It stays thin: each
 * function hands its invocation to the shared runtime (src/functions/runtime.ts). Functions stream so that Refresh
 * All and auto-refresh can push new values into cells without recalculating the workbook. The functions that show
 * rows ask for their own cell's address, so SERVICE.SOURCE (given its argument's address) can find them.
 */
import { served } from "./custom-functions-error";
import { functionsRuntime } from "./shared-runtime";

/**
 * Rows of a curated dataset as a spill with a header row; refreshed with Refresh All and on the dataset's schedule.
 * @customfunction DATASET
 * @requiresAddress
 * @param dataset avs, operators, dex, marketshare, channels or users.
 * @param [args] dex: chain. marketshare: market, chain. Then "name=value" options or a 2-column range: filters, sort_by, columns, limit, ...
 * @param invocation Streaming invocation (supplied by Excel).
 */
export function serviceDataset(
  dataset: string,
  args: unknown[][][],
  invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
): void {
  served(invocation, () => functionsRuntime().dataset(dataset, args, invocation));
}

/**
 * Rows of a query result: of an execution id (text), or the latest result of a query id (number).
 * @customfunction RESULTS
 * @requiresAddress
 * @param id Execution id (text) or query id (number).
 * @param [options] "name=value" options or a two-column range of them: filters, sort_by, columns, limit, offset, headers, ...
 * @param invocation Streaming invocation (supplied by Excel).
 */
export function serviceResults(
  id: unknown,
  options: unknown[][][],
  invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
): void {
  served(invocation, () => functionsRuntime().results(id, options, invocation));
}

/**
 * State of an execution (queue position and elapsed time while it runs), updated until it ends.
 * @customfunction STATUS
 * @param executionId Execution id (text).
 * @param [detail] FALSE shows the state alone (for formulas); TRUE (default) adds queue position, time and error.
 * @param invocation Streaming invocation (supplied by Excel).
 */
export function serviceStatus(
  executionId: string,
  detail: boolean,
  invocation: CustomFunctions.StreamingInvocation<string>,
): void {
  served(invocation, () => functionsRuntime().status(executionId, detail, invocation));
}

/**
 * A saved query's last run for inputs from cells (its read costs credits); it runs only with run=on_change, in budget.
 * @customfunction QUERY
 * @requiresAddress
 * @param queryId Query id (number).
 * @param [args] Parameter names and values in pairs (or a 2-column range), then "name=value" options as in RESULTS.
 * @param invocation Streaming invocation (supplied by Excel).
 */
export function serviceQuery(
  queryId: unknown,
  args: unknown[][][],
  invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
): void {
  served(invocation, () => functionsRuntime().query(queryId, args, invocation));
}

/**
 * Where the rows of the SERVICE result (or inserted table) at a cell came from: query, execution, when, and its page.
 * @customfunction SOURCE
 * @requiresParameterAddresses
 * @param reference A cell of a SERVICE result's spill or of an inserted table (its address is what counts).
 * @param invocation Streaming invocation (supplied by Excel).
 */
export function serviceSource(
  reference: unknown[][],
  invocation: CustomFunctions.StreamingInvocation<string[][]>,
): void {
  void reference; // Excel passes the cell's value; the source is found by its address (parameterAddresses).
  served(invocation, () => functionsRuntime().source(invocation));
}
