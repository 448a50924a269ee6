import {
  InvalidArgumentError,
  SHARED_PARAM_KEYS,
  canonicalParams,
  datasetEntry,
  datasetPath,
  type QueryParameterValue,
  type ResultParams,
  type Source,
} from "../client";
import { plainValue } from "./data-type-values";
import type { CellRequestOptions } from "./options";

/** Where a cell's rows come from. */
export type CellSource =
  | { kind: "dataset"; dataset: string; args: string[]; path: string }
  | { kind: "execution"; executionId: string }
  | {
      kind: "query";
      queryId: number;
      /** A bound table's inputs: the latest result of a run of exactly these, never of other inputs. */
      parameters?: Record<string, QueryParameterValue>;
    };

/** A request in canonical form: two cells that mean the same thing get the same `key` (one cache entry). */
export interface CanonicalRequest {
  source: CellSource;
  params: ResultParams;
  key: string;
}

function keyOf(sourceKey: string, params: ResultParams): string {
  const query = SHARED_PARAM_KEYS.filter((k) => params[k] !== undefined)
    .map((k) => `${k}=${encodeURIComponent(String(params[k]))}`)
    .join("&");
  return query ? `${sourceKey}?${query}` : sourceKey;
}

/**
 * The key a read is priced under (its last size is kept per key): the same as a cell's for the same source and shared
 * parameters, so a dataset inserted from the pane and a cell showing it share what they learnt of its size.
 */
export function readKeyOf(source: Source, params: ResultParams): string {
  const canonical = canonicalParams(params);
  if ("executionId" in source) return keyOf(`execution:${source.executionId}`, canonical);
  if ("queryId" in source) {
    const format = source.format === "json" ? ":json" : "";
    return keyOf(`query:${source.queryId}${inputsKey(source.parameters)}${format}`, canonical);
  }
  return keyOf(datasetPath(source.dataset, source.args ?? []), canonical);
}

/** Inputs in a key: `(days=7&symbol=WBTC)`, names sorted, so equal inputs share a key; nothing without inputs. */
function inputsKey(parameters: Record<string, QueryParameterValue> | undefined): string {
  const names = Object.keys(parameters ?? {}).sort();
  if (names.length === 0) return "";
  return `(${names.map((n) => `${n}=${encodeURIComponent(String(parameters![n]))}`).join("&")})`;
}

/** A bound table's reads are priced by its name: whatever its source runs or reads, its size is the table's. */
export function tableReadKey(tableName: string): string {
  return `table:${tableName}`;
}

/** DATASET(name, positional..., options): the path is checked here, so an unknown name fails before any request. */
export function datasetRequest(
  given: unknown,
  positional: readonly string[],
  options: CellRequestOptions,
): CanonicalRequest {
  const name = plainValue(given, { fn: "SERVICE.DATASET", argument: 1 });
  const dataset = typeof name === "string" ? name.trim().toLowerCase() : "";
  // Path slots of the datasets that have them (spec E8, E9); named `chain=`/`market=` fill these.
  const slots = (datasetEntry(dataset)?.args ?? []).map((a) => a.name);
  const named = slots.map((slot) => options.path[slot]);
  const queue = [...positional];
  const args = named.map((value) => value ?? queue.shift() ?? "");
  // Leftovers (and chain=/market= given to a dataset without that slot) reach datasetPath, which says what it takes.
  args.push(...queue);
  for (const slot of ["market", "chain"] as const) {
    if (options.path[slot] !== undefined && !slots.includes(slot)) args.push(options.path[slot]);
  }
  const filled = args.filter((a) => a !== "");
  const path = datasetPath(dataset || String(name ?? ""), filled);
  const params = canonicalParams(options.server);
  return {
    source: { kind: "dataset", dataset, args: filled.map((a) => a.toLowerCase()), path },
    params,
    key: keyOf(path, params),
  };
}

/**
 * RESULTS(id, options): text is an execution id, a number (or digits-only text) a query id. `inputs` (a table bound
 * to a run of a query): the query's latest result of exactly those inputs.
 */
export function resultsRequest(
  given: unknown,
  positional: readonly string[],
  options: CellRequestOptions,
  inputs?: Record<string, QueryParameterValue>,
): CanonicalRequest {
  const id = plainValue(given, { fn: "SERVICE.RESULTS", argument: 1 });
  if (positional.length > 0) {
    throw new InvalidArgumentError(
      `SERVICE.RESULTS takes an id and "name=value" options; "${positional[0]}" is neither (did you mean "limit=${positional[0]}"?)`,
    );
  }
  const params = canonicalParams(options.server);
  const text = typeof id === "string" ? id.trim() : undefined;
  if (typeof id === "number" || (text !== undefined && /^\d+$/.test(text))) {
    const queryId = Number(id);
    if (!(Number.isSafeInteger(queryId) && queryId > 0)) {
      throw new InvalidArgumentError(`A query id must be a positive whole number; got ${String(id)}`);
    }
    const parameters = inputs && Object.keys(inputs).length > 0 ? { parameters: { ...inputs } } : {};
    const key = keyOf(`query:${queryId}${inputsKey(inputs)}`, params);
    return { source: { kind: "query", queryId, ...parameters }, params, key };
  }
  if (!text) throw new InvalidArgumentError("SERVICE.RESULTS needs an execution id (text) or a query id (number)");
  return { source: { kind: "execution", executionId: text }, params, key: keyOf(`execution:${text}`, params) };
}
