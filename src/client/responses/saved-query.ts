import { InvalidResponseError } from "../errors/local-errors";

/** A saved query's parameter types as the client gives them: the four a form needs. */
export type QueryParameterType = "text" | "number" | "date" | "enum";

/** One declared parameter of a saved query (GET /v1/query/{id}). */
export interface SavedQueryParameter {
  key: string;
  type: QueryParameterType;
  /** The type as the service named it: `datetime` for a date (the real service), `list` for an enum (older bodies). */
  wireType: string;
  /** The default value, as text (the service sends every value as text; dates as `YYYY-MM-DD HH:MM:SS`). */
  value?: string;
  /** An enum's options (always present for an enum, possibly empty). */
  enumOptions?: string[];
  /** An enum that takes several options at once; `values` holds its defaults. */
  isMultiselect?: boolean;
  values?: string[];
  description?: string;
}

/** A saved query as GET /v1/query/{id} returns it, its parameters' types normalised. */
export interface SavedQuery {
  query_id: number;
  name: string;
  description: string;
  owner?: string;
  is_private: boolean;
  is_archived: boolean;
  is_unsaved?: boolean;
  /** The SQL, when the service shows it (to the owner, or for a public query). */
  query_sql?: string;
  query_engine?: string;
  tags: string[];
  version?: number;
  parameters: SavedQueryParameter[];
}

/**
 * The service's parameter type names → the four the client knows. The real service sends `datetime` for dates (its
 * docs and its Python client); its TypeScript client and the local service say `date`; older bodies say `list` for
 * an enum. A name not listed is treated as text, the one type any value fits.
 */
const TYPE_NAMES: Readonly<Record<string, QueryParameterType>> = {
  text: "text",
  number: "number",
  date: "date",
  datetime: "date",
  enum: "enum",
  list: "enum",
};

const text = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;

const texts = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.map(text).filter((t): t is string => t !== undefined) : undefined;

function parameterOf(raw: unknown): SavedQueryParameter | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const p = raw as Record<string, unknown>;
  if (typeof p.key !== "string" || p.key === "") return undefined;
  const wireType = typeof p.type === "string" ? p.type : "text";
  const type = TYPE_NAMES[wireType.trim().toLowerCase()] ?? "text";
  const out: SavedQueryParameter = { key: p.key, type, wireType };
  const value = text(p.value);
  if (value !== undefined) out.value = value;
  if (type === "enum") out.enumOptions = texts(p.enumOptions) ?? [];
  if (p.isMultiselect === true) out.isMultiselect = true;
  const values = texts(p.values);
  if (values !== undefined && values.length > 0) out.values = values;
  if (typeof p.description === "string" && p.description !== "") out.description = p.description;
  return out;
}

/**
 * A query body as the client returns it. Parameters without a name are dropped (nothing could fill them), and a
 * repeated name keeps its first declaration; the query id is the one asked for when the body does not say.
 */
export function normalizeSavedQuery(raw: unknown, queryId: number, method: string, path: string): SavedQuery {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw new InvalidResponseError({ method, path, detail: "the query is not a JSON object" });
  }
  const q = raw as Record<string, unknown>;
  const parameters: SavedQueryParameter[] = [];
  for (const entry of Array.isArray(q.parameters) ? q.parameters : []) {
    const parameter = parameterOf(entry);
    if (parameter && !parameters.some((p) => p.key === parameter.key)) parameters.push(parameter);
  }
  const id = q.query_id;
  const out: SavedQuery = {
    query_id: typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : queryId,
    name: typeof q.name === "string" ? q.name : "",
    description: typeof q.description === "string" ? q.description : "",
    is_private: q.is_private === true,
    is_archived: q.is_archived === true,
    tags: texts(q.tags) ?? [],
    parameters,
  };
  if (typeof q.owner === "string" && q.owner !== "") out.owner = q.owner;
  if (typeof q.is_unsaved === "boolean") out.is_unsaved = q.is_unsaved;
  if (typeof q.query_sql === "string") out.query_sql = q.query_sql;
  if (typeof q.query_engine === "string") out.query_engine = q.query_engine;
  if (typeof q.version === "number" && Number.isFinite(q.version)) out.version = q.version;
  return out;
}
