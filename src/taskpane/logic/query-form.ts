import type { QueryParameterType, QueryParameterValue, SavedQuery, SavedQueryParameter } from "../../client";
import type { QueryDeclaration } from "../../functions";
import { Store } from "./store";

/** One input of the form, as its declared parameter asks. Values are the controls' text. */
export interface FormField {
  key: string;
  type: QueryParameterType;
  /** The control's value: text, a number's text, an enum option, a date `YYYY-MM-DD`. */
  value: string;
  /** A date whose default has a time of day gets a time box too (`HH:MM:SS`). */
  time?: string;
  options?: readonly string[];
  description?: string;
  /** The declared default, as the service sent it. */
  defaultValue?: string;
}

export type QueryFormState =
  | { phase: "none" }
  | { phase: "loading"; queryId: number }
  /** The query's name and a field per declared parameter: names are the query's, nothing can be added. */
  | { phase: "form"; queryId: number; name: string; description: string; fields: FormField[]; note?: string }
  /** The service does not describe the query to this key: parameters by name and value, and why. */
  | { phase: "free"; queryId: number; note: string };

export type FormParameters =
  | {
      ok: true;
      parameters: Record<string, QueryParameterValue>;
      /** Only the inputs that differ from the query's defaults (a cell giving just those means the same run). */
      changed: Record<string, QueryParameterValue>;
    }
  | { ok: false; message: string; key: string };

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/;

/** A field per declared parameter, filled with its default (or with `preset`, a run's own values, where given). */
export function fieldsOf(query: SavedQuery, preset: Record<string, QueryParameterValue> = {}): FormField[] {
  return query.parameters.map((p) => fieldOf(p, preset[p.key]));
}

function fieldOf(p: SavedQueryParameter, preset: QueryParameterValue | undefined): FormField {
  const given = preset === undefined ? undefined : String(preset);
  const field: FormField = { key: p.key, type: p.type, value: "" };
  if (p.value !== undefined) field.defaultValue = p.value;
  if (p.description) field.description = p.description;
  const start = given ?? p.value ?? "";
  if (p.type === "date") {
    const parts = DATE_TIME.exec(start.trim());
    field.value = parts?.[1] ?? "";
    const timed = DATE_TIME.exec(p.value ?? "")?.[2] !== undefined || parts?.[2] !== undefined;
    if (timed) field.time = withSeconds(parts?.[2] ?? "00:00:00");
  } else if (p.type === "enum") {
    field.options = p.enumOptions ?? [];
    field.value = field.options.includes(start) ? start : (field.options[0] ?? start);
  } else field.value = start;
  return field;
}

function withSeconds(time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

/** The form as `query_parameters`, or the first field to correct. */
export function formParameters(fields: readonly FormField[]): FormParameters {
  const parameters: Record<string, QueryParameterValue> = {};
  const changed: Record<string, QueryParameterValue> = {};
  for (const f of fields) {
    let value: QueryParameterValue;
    if (f.type === "number") {
      const text = f.value.trim();
      const n = Number(text);
      if (text === "" || !Number.isFinite(n)) return { ok: false, key: f.key, message: `Enter a number for ${f.key}.` };
      // Sent as a number, as a cell sends it; an integer JavaScript cannot hold exactly goes as its digits.
      value = Number.isInteger(n) && !Number.isSafeInteger(n) ? text : n;
    } else if (f.type === "date") {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(f.value))
        return { ok: false, key: f.key, message: `Choose a date for ${f.key}.` };
      if (f.time !== undefined && !/^\d{2}:\d{2}(:\d{2})?$/.test(f.time))
        return { ok: false, key: f.key, message: `Enter a time of day for ${f.key} (HH:MM:SS).` };
      value = f.time === undefined ? f.value : `${f.value} ${withSeconds(f.time)}`;
    } else if (f.type === "enum" && f.options && f.options.length > 0 && !f.options.includes(f.value)) {
      return { ok: false, key: f.key, message: `Choose one of ${f.options.join(", ")} for ${f.key}.` };
    } else value = f.value;
    parameters[f.key] = value;
    if (!sameAsDefault(f, value)) changed[f.key] = value;
  }
  return { ok: true, parameters, changed };
}

function sameAsDefault(f: FormField, value: QueryParameterValue): boolean {
  if (f.defaultValue === undefined) return false;
  if (f.type === "number") return Number(f.defaultValue) === Number(value);
  if (f.type === "date") {
    const parts = DATE_TIME.exec(f.defaultValue.trim());
    const asDefault = parts
      ? `${parts[1]}${f.time === undefined ? "" : ` ${withSeconds(parts[2] ?? "00:00:00")}`}`
      : "";
    return asDefault === value;
  }
  return f.defaultValue === value;
}

/** Why the free-form editor is shown instead of the query's own form, in one line. */
function freeNote(queryId: number, declared: Extract<QueryDeclaration, { known: false }>): string {
  const why = declared.reason.replace(/\.$/, "");
  return declared.lacking
    ? `The service does not describe query ${queryId} to this key (${why}): give its parameters by name.`
    : `Query ${queryId}'s parameters could not be read (${why}): give them by name, or enter the id again.`;
}

/**
 * The Query tab's parameters: on a query id, the query's name and a form of its declared parameters (a date picker,
 * a number box, a dropdown of an enum's options, a text box), defaults filled in; where the service does not
 * describe the query, the free-form editor, with a note why. A new query id starts from that query's own defaults:
 * nothing of the previous query's parameters is carried over, and an answer for an id no longer asked for is
 * dropped.
 */
export class QueryFormController {
  readonly store = new Store<QueryFormState>({ phase: "none" });
  #asked = 0;

  constructor(private readonly describe: (queryId: number) => Promise<QueryDeclaration>) {}

  /** Shows query `queryId`'s parameters; `preset` fills them with a run's values (History's "Run again"). */
  async load(queryId: number, preset?: Record<string, QueryParameterValue>): Promise<QueryFormState> {
    const asked = ++this.#asked;
    this.store.replace({ phase: "loading", queryId });
    let declared: QueryDeclaration;
    try {
      declared = await this.describe(queryId);
    } catch {
      declared = { known: false, lacking: false, reason: "the request failed" };
    }
    if (asked !== this.#asked) return this.store.state;
    if (!declared.known) {
      this.store.replace({ phase: "free", queryId, note: freeNote(queryId, declared) });
      return this.store.state;
    }
    const { query } = declared;
    const names = new Set(query.parameters.map((p) => p.key));
    const dropped = Object.keys(preset ?? {}).filter((k) => !names.has(k));
    const state: QueryFormState = {
      phase: "form",
      queryId,
      name: query.name || `Query ${queryId}`,
      description: query.description,
      fields: fieldsOf(query, preset),
    };
    if (dropped.length > 0) state.note = `Left out (not parameters of this query any more): ${dropped.join(", ")}.`;
    this.store.replace(state);
    return state;
  }

  /** No query id: nothing to show. */
  clear(): void {
    this.#asked++;
    this.store.replace({ phase: "none" });
  }

  /** A field's new value (or its time of day). */
  set(key: string, patch: Partial<Pick<FormField, "value" | "time">>): void {
    const s = this.store.state;
    if (s.phase !== "form") return;
    this.store.replace({ ...s, fields: s.fields.map((f) => (f.key === key ? { ...f, ...patch } : f)) });
  }

  parameters(): FormParameters | undefined {
    const s = this.store.state;
    return s.phase === "form" ? formParameters(s.fields) : undefined;
  }
}
