import { InvalidArgumentError, type QueryParameterType, type QueryParameterValue, type SavedQuery } from "../client";
import type { PerformanceChoice } from "../billing";
import { readArguments } from "./arguments";
import { DEFAULT_TIER, TIER_CHOICES, parseTier, tierCostText } from "./tiers";
import { plainItems, plainValue } from "./data-type-values";
import { isDateParameterName, serialDateText } from "./date-parameter";
import type { CellRequestOptions } from "./options";

/** What a SERVICE.QUERY cell asked for. */
export interface QueryCell {
  queryId: number;
  parameters: Record<string, QueryParameterValue>;
  /** The inputs as the cells gave them (a date cell as its serial), for typing them by the query's declaration. */
  inputs: Record<string, unknown>;
  performance: PerformanceChoice;
  /** A remembered run older than this is stale (still shown, and listed for a re-run). */
  maxAgeHours?: number;
  /** `run=on_change`: run by itself when its inputs change, within the workbook's daily credit budget. */
  runOnChange: boolean;
  /**
   * `run=on_change` on a build that gives streaming functions no cell address (no requirement set names it: older
   * builds leave `invocation.address` undefined): a changed input cannot be told from a workbook opening, so the
   * cell never runs by itself and says so.
   */
  noAddress?: boolean;
  options: CellRequestOptions;
}

/**
 * A date cell arrives as its serial number (Excel has no date type in function arguments). For a parameter the
 * query declares a date, a serial becomes the service's date text; one it declares a number keeps its number,
 * whatever its name. Where the declaration is not known, the name decides (see isDateParameterName). Anything else
 * is sent as the cell shows it, and `TEXT()` still works for any other format.
 */
function parameterValue(name: string, value: unknown, declared?: QueryParameterType): QueryParameterValue {
  const isDate = declared === undefined ? isDateParameterName(name) : declared === "date";
  if (typeof value === "number" && isDate) {
    const text = serialDateText(value);
    if (text !== undefined) return text;
  }
  if (typeof value === "number" || typeof value === "boolean") return value;
  return String(value ?? "").trim();
}

/**
 * The cell typed by the query's own declaration: each input as its declared type asks, and a name the query does
 * not declare refused, listing those it does (the service would refuse the run; better to say so before anyone
 * pays for it).
 */
export function withDeclaration(cell: QueryCell, query: SavedQuery): QueryCell {
  const declared = new Map(query.parameters.map((p) => [p.key, p.type]));
  const title = query.name ? `Query ${cell.queryId} (${query.name})` : `Query ${cell.queryId}`;
  const parameters: Record<string, QueryParameterValue> = {};
  for (const [name, value] of Object.entries(cell.inputs)) {
    const type = declared.get(name);
    if (type === undefined) {
      const names = [...declared.keys()];
      const near = names.find((n) => n.toLowerCase() === name.toLowerCase());
      const hint = near ? ` (did you mean "${near}"? names are case-sensitive)` : "";
      throw new InvalidArgumentError(
        names.length === 0
          ? `${title} takes no parameters; got "${name}"`
          : `${title} has no parameter "${name}"${hint}; its parameters: ${names.join(", ")}`,
      );
    }
    parameters[name] = parameterValue(name, value, type);
  }
  return { ...cell, parameters };
}

/** Options of QUERY beyond the shared ones: which tier would run it, when a result is stale, when it runs. */
const OWN_OPTIONS = /^(performance|max_age_hours|run)=(.*)$/i;

/** `run=`: when the cell may run its query by itself. Never is the default; the alternatives are spelled out. */
const RUN_MODES = new Map([
  ["never", false],
  ["manual", false],
  ["on_change", true],
  ["onchange", true],
]);

/**
 * `=SERVICE.QUERY(query_id, name, value, …, "option=value", …)`: parameters as name/value pairs of arguments (or a
 * two-column range of names and values, a first row titled name/parameter skipped), then "name=value" options as in
 * RESULTS plus `performance` (auto, the default: the service chooses; small, medium or large), `max_age_hours` and `run` (never, the default, or on_change).
 */
export function readQueryCell(givenId: unknown, givenItems: readonly unknown[][][] | null | undefined): QueryCell {
  const queryId = plainValue(givenId, { fn: "SERVICE.QUERY", argument: 1 });
  const items = plainItems("SERVICE.QUERY", givenItems, 2);
  const id = typeof queryId === "string" && /^\s*\d+\s*$/.test(queryId) ? Number(queryId) : queryId;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) {
    throw new InvalidArgumentError("SERVICE.QUERY needs a query id (a positive whole number) first");
  }
  const parameters: Record<string, QueryParameterValue> = {};
  const inputs: Record<string, unknown> = {};
  const put = (name: string, value: unknown): void => {
    inputs[name] = value;
    parameters[name] = parameterValue(name, value);
  };
  let performance: PerformanceChoice = DEFAULT_TIER;
  let maxAgeHours: number | undefined;
  let runOnChange = false;
  const options: unknown[][][] = [];
  const flat: unknown[] = [];
  for (const item of items ?? []) {
    const matrix = Array.isArray(item) ? item : [[item]];
    // A range two columns wide (one row or many) holds names and values.
    if (matrix.length > 0 && matrix.every((row) => Array.isArray(row) && row.length === 2)) {
      matrix.forEach((row, r) => {
        const [name, value] = row as unknown[];
        if (name === null || name === undefined || String(name).trim() === "") return;
        if (r === 0 && /^(name|parameter)$/i.test(String(name).trim())) return;
        put(String(name).trim(), value);
      });
      continue;
    }
    flat.push(Array.isArray(matrix[0]) ? matrix[0][0] : matrix[0]);
  }
  for (let i = 0; i < flat.length; i++) {
    const value = flat[i];
    if (typeof value === "string" && value.includes("=")) {
      const own = OWN_OPTIONS.exec(value.trim());
      if (own) {
        const [, name, text] = own;
        if (name!.toLowerCase() === "performance") {
          const tier = parseTier(text!);
          if (tier === undefined) {
            const choices = TIER_CHOICES.map((t) => `${t} (${tierCostText(t)})`).join(", ");
            throw new InvalidArgumentError(`performance must be one of ${choices}; got "${text}"`);
          }
          performance = tier;
        } else if (name!.toLowerCase() === "run") {
          const mode = RUN_MODES.get(text!.trim().toLowerCase());
          if (mode === undefined)
            throw new InvalidArgumentError(`run must be on_change (or never, the default); got "${text}"`);
          runOnChange = mode;
        } else {
          const hours = Number(text);
          if (!(hours > 0))
            throw new InvalidArgumentError(`max_age_hours must be a number of hours above 0; got "${text}"`);
          maxAgeHours = hours;
        }
      } else {
        options.push([[value]]);
      }
      continue;
    }
    if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) continue;
    const name = String(value).trim();
    if (i + 1 >= flat.length)
      throw new InvalidArgumentError(`Parameter "${name}" has no value: give names and values in pairs`);
    put(name, flat[++i]);
  }
  const { options: read } = readArguments("RESULTS", options);
  return { queryId: id, parameters, inputs, performance, maxAgeHours, runOnChange, options: read };
}
