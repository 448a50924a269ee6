import { creditsNumber, formatCredits } from "../billing";
import { datasetEntry, datasetPath, knownTime, nextRefreshAt, scheduleForPath } from "../client";
import type { DatasetOrigin } from "../session";
import type { CachedTable } from "./render";
import type { CanonicalRequest, CellSource } from "./request";

/**
 * Where a result's rows came from: what SERVICE.SOURCE shows, what an inserted table's caption says, and what a
 * month-end snapshot keeps beside the values. The service's terms ask that data shared outside it names its source
 * and links to the query it came from; this is that statement, in one shape for the add-in and the headless refresh.
 */
export interface ResultSource {
  /** A curated dataset; an execution's stored result; a query's latest result; a SERVICE.QUERY (or pane) run. */
  kind: "dataset" | "execution" | "latest" | "run";
  queryId?: number;
  /** The saved query's name, when the service told it. */
  queryName?: string;
  executionId?: string;
  /** When the run that made the rows ended (ISO 8601), as the service said. */
  ranAt?: string;
  /**
   * The saved query's parameters, as sent. On a run, the inputs it ran with; on a latest result, the inputs it was
   * asked for (the service then answers only with a run of exactly those): either way the rows are a run of these.
   * A latest result without them may be a run of any inputs.
   */
  parameters?: Record<string, string | number | boolean>;
  /** A curated dataset: its name, path arguments, and the refresh slot its rows belong to (ISO 8601, UTC). */
  dataset?: { name: string; args: string[]; slot?: string };
  /** The dataset's rows came from the saved query behind its retired endpoint. */
  viaQuery?: boolean;
  /** When the rows were read (ISO 8601); empty for values a file saved without saying when they were read. */
  readAt: string;
  /** The values are what the workbook file held when it opened (nothing was read to show them). */
  fromFile?: boolean;
  /** The last automatic refresh of these rows was held by the workbook's daily budget: they are from before it. */
  held?: HeldSource;
}

/** An automatic refresh the workbook's daily budget held (the cell kept its rows, untouched). */
export interface HeldSource {
  /** When it was held (ISO 8601). */
  at: string;
  /** The day's budget then and what was left of it, in credits; absent when the refresh's cost was not known. */
  budget?: { left: number; perDay: number };
}

/** The real service's public page of a saved query: its docs link every curated endpoint's query so. */
export const DEFAULT_QUERY_PAGE = "https://dune.com/queries/{query_id}";

const iso = (ms: number) => new Date(ms).toISOString();

/** The scheduled refresh a dataset's rows belong to: the last one at or before the run that made them. */
export function refreshSlot(path: string, atMs: number): number | undefined {
  const schedule = scheduleForPath(path);
  if (schedule === undefined) return undefined;
  const period = schedule.kind === "every" ? schedule.minutes * 60_000 : 24 * 60 * 60_000;
  return nextRefreshAt(schedule, atMs - period);
}

/** A known ISO time from the service (its zero times mean "not known"). */
function serviceTime(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const ms = knownTime(Date.parse(text));
  return ms === undefined ? undefined : iso(ms);
}

/** What a read of rows tells of where they came from (a cached table, or a pane's first page), and when it was. */
export interface ReadFacts {
  executionId?: string;
  endedAt?: string;
  queryId?: number;
  origin?: DatasetOrigin;
  /** When the rows were read (epoch ms). */
  readAt?: number;
}

/** A saved query's run its rows stand for (a SERVICE.QUERY parameter set, a query-bound table). */
export interface RunOf {
  queryId: number;
  parameters: Record<string, string | number | boolean>;
}

/** The source of rows a request read (`run`: the parameter set an execution read stands for). */
export function sourceOf(request: CanonicalRequest, table: CachedTable, run?: RunOf): ResultSource {
  return describeRead(request.source, table, run);
}

/** The source of rows read from `what` (the pane's inserts and table refreshes describe theirs so too). */
export function describeRead(what: CellSource, facts: ReadFacts, run?: RunOf): ResultSource {
  const origin = facts.origin?.kind === "query" ? facts.origin : undefined;
  const readAt = iso(facts.readAt ?? Date.now());
  const ranAt = serviceTime(facts.endedAt ?? origin?.endedAt);
  const executionId = facts.executionId ?? origin?.executionId;
  const out: ResultSource = { kind: "execution", readAt };
  if (what.kind === "dataset") {
    out.kind = "dataset";
    // The run that made the rows says which slot; without its time, the slot in force when they were read.
    const slotAt = refreshSlot(what.path, Date.parse(ranAt ?? readAt));
    out.dataset = {
      name: datasetEntry(what.dataset)?.name ?? what.dataset,
      args: what.args,
      ...(slotAt !== undefined ? { slot: iso(slotAt) } : {}),
    };
    if (origin) {
      out.viaQuery = true;
      out.queryId = origin.queryId;
    } else {
      // The endpoint's rows are its saved query's latest result (the service's docs link that query).
      out.queryId = datasetEntry(what.dataset)?.queries.real;
    }
  } else if (what.kind === "query") {
    out.kind = "latest";
    out.queryId = what.queryId;
    if (what.parameters && Object.keys(what.parameters).length > 0) out.parameters = { ...what.parameters };
  } else if (facts.queryId !== undefined) out.queryId = facts.queryId;
  if (run) {
    out.kind = "run";
    out.queryId = run.queryId;
    out.parameters = run.parameters;
  }
  if (executionId) out.executionId = executionId;
  if (ranAt !== undefined) out.ranAt = ranAt;
  return out;
}

/**
 * The source of values a cell shows as the workbook file held them when it opened: read at `savedAt` (the file's
 * refresh time of the request), or at a time nobody recorded (a file saved by Excel without the add-in's settings).
 */
export function describeFileValues(what: CellSource, savedAt: number | undefined, run?: RunOf): ResultSource {
  const source = describeRead(what, { readAt: savedAt ?? 0 }, run);
  source.fromFile = true;
  if (savedAt === undefined) {
    source.readAt = "";
    if (source.dataset) delete source.dataset.slot;
  }
  return source;
}

/** What a bound table is bound to, as its binding says (a dataset with its arguments, a query, an execution). */
export interface BoundTo {
  kind: string;
  id: string | number;
  args?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

/**
 * Where a bound table's refreshed rows came from: its dataset, its stored execution, its query's latest result, or
 * (`executionId` given for a query table) the run of its parameters that was read. The pane's Refresh All and the
 * headless refresh describe their tables so.
 */
export function describeBound(bound: BoundTo, executionId: string | undefined, facts: ReadFacts): ResultSource {
  if (bound.kind === "dataset") {
    const args = Object.values(bound.args ?? {}).map(String);
    const dataset = String(bound.id);
    return describeRead({ kind: "dataset", dataset, args, path: datasetPath(dataset, args) }, facts);
  }
  if (bound.kind === "execution") return describeRead({ kind: "execution", executionId: String(bound.id) }, facts);
  // A SQL text's table: the run whose result was read (its last one, or the re-run).
  if (bound.kind === "sql") return describeRead({ kind: "execution", executionId: executionId ?? "" }, facts);
  const parameters = (bound.params ?? {}) as Record<string, string | number | boolean>;
  if (!executionId) return describeRead({ kind: "query", queryId: Number(bound.id), parameters }, facts);
  return describeRead({ kind: "execution", executionId }, facts, { queryId: Number(bound.id), parameters });
}

/** A source as a binding or a record keeps it (plain JSON). */
export function storedSource(source: ResultSource): { [key: string]: JsonLike } {
  return JSON.parse(JSON.stringify(source)) as { [key: string]: JsonLike };
}

type JsonLike = string | number | boolean | null | JsonLike[] | { [key: string]: JsonLike };

/** The query page's address: the pattern with `{query_id}` filled in. */
export function queryPageUrl(pattern: string, queryId: number): string {
  return pattern.split("{query_id}").join(String(queryId));
}

/** Whether a pattern can be a query page's address: http(s), with `{query_id}` in it. */
export function isQueryPagePattern(pattern: string): boolean {
  if (!pattern.includes("{query_id}")) return false;
  try {
    const url = new URL(queryPageUrl(pattern, 1));
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const utc = (text: string) => `${text.slice(0, 16).replace("T", " ")} UTC`;

function parametersText(parameters: Record<string, string | number | boolean>): string {
  return Object.keys(parameters)
    .sort()
    .map((name) => `${name}=${String(parameters[name])}`)
    .join(", ");
}

/**
 * The source in words, one line: what was read, the query (id and name) and its parameters, the execution and when it
 * ran, the dataset's refresh slot, when it was read, and the query's page.
 *   Dataset dex (ethereum), refresh slot 2026-03-15 09:30 UTC; query 3568055; execution 01KK… ran 2026-03-15
 *   09:31 UTC; read 2026-03-15 10:00 UTC; https://dune.com/queries/3568055
 */
export function sourceText(source: ResultSource, pattern: string = DEFAULT_QUERY_PAGE): string {
  const parts: string[] = [];
  const query = source.queryId === undefined ? undefined : `query ${source.queryId}`;
  const named = query && source.queryName ? `${query} "${source.queryName}"` : query;
  if (source.kind === "dataset" && source.dataset) {
    const args = source.dataset.args.length > 0 ? ` (${source.dataset.args.join(", ")})` : "";
    const slot = source.dataset.slot ? `, refresh slot ${utc(source.dataset.slot)}` : "";
    parts.push(`Dataset ${source.dataset.name}${args}${slot}`);
    if (named) parts.push(source.viaQuery ? `read from ${named} (its endpoint is gone)` : named);
  } else if (named) {
    const head = named.charAt(0).toUpperCase() + named.slice(1);
    const given = source.parameters ? parametersText(source.parameters) : "";
    // A latest result asked for by inputs is a run of them; one without may be a run of any inputs.
    const latest = source.kind !== "latest" ? "" : given ? ", latest result of these inputs" : ", latest result";
    parts.push(`${head}${latest}${given ? ` (${given})` : ""}`);
  }
  if (source.executionId) {
    const ran = source.ranAt ? ` ran ${utc(source.ranAt)}` : "";
    parts.push(`${parts.length === 0 ? "Execution" : "execution"} ${source.executionId}${ran}`);
  } else if (source.ranAt) parts.push(`ran ${utc(source.ranAt)}`);
  if (!source.fromFile) parts.push(`read ${utc(source.readAt)}`);
  else if (source.readAt === "") parts.push("as saved in the file (when it was read is not recorded)");
  else parts.push(`read ${utc(source.readAt)}, as the file holds it`);
  if (source.queryId !== undefined) parts.push(queryPageUrl(pattern, source.queryId));
  if (source.held) parts.push(heldText(source.held));
  return parts.join("; ");
}

/** "a refresh at 2026-03-15 10:15 UTC was held by the workbook's daily budget (0 of 0 credits left): …". */
function heldText(held: HeldSource): string {
  const room = held.budget
    ? `${creditsNumber(held.budget.left)} of ${formatCredits(held.budget.perDay)} left`
    : "its cost is not known yet";
  return `a refresh at ${utc(held.at)} was held by the workbook's daily budget (${room}): Refresh All in the Service pane refreshes it`;
}

const KINDS = new Set<ResultSource["kind"]>(["dataset", "execution", "latest", "run"]);

/** A source as stored (a table binding's, a refresh's record): undefined when it is not one this version reads. */
export function readResultSource(value: unknown): ResultSource | undefined {
  const v = value as Partial<ResultSource> | null;
  if (!v || typeof v !== "object" || !KINDS.has(v.kind!) || typeof v.readAt !== "string") return undefined;
  return v as ResultSource;
}

/** What SERVICE.SOURCE says given a value rather than a cell (the headless refresh says the same of such a cell). */
export const NO_ADDRESS_MESSAGE =
  "SERVICE.SOURCE needs a reference to a cell, such as A1: Excel tells it where that cell is (CustomFunctionsRuntime 1.3); a value alone has no source.";
