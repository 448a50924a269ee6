import type { DatasetDefinition } from "../datasets";
import { quoteIdentifier } from "../query-language";
import type { QueryParameter, SavedQuery } from "../queries/saved-query";

/**
 * `GET /v1/query/{id}` as the real service shapes it (its documented example, 2024, and the query object page of its
 * API reference): name, description, tags, version, the declared parameters, engine, SQL, visibility and owner.
 * Parameter values are text; the date type's wire name is `datetime`, its value written `YYYY-MM-DD HH:MM:SS`.
 */
export interface SavedQueryBody {
  query_id: number;
  name: string;
  description: string;
  tags: string[];
  version: number;
  parameters: WireParameter[];
  query_engine: string;
  query_sql: string;
  is_private: boolean;
  is_archived: boolean;
  is_unsaved: boolean;
  owner: string;
}

export interface WireParameter {
  key: string;
  type: "text" | "number" | "datetime" | "enum";
  value: string;
  enumOptions?: string[];
}

/** What the local service's engine is called where the real service says "v2 Dune SQL" (its engine's name). */
const ENGINE = "DuckDB SQL";

export function savedQueryBody(query: SavedQuery): SavedQueryBody {
  return {
    query_id: query.query_id,
    name: query.name,
    description: "",
    tags: [],
    version: 1,
    parameters: query.parameters.map(wireParameter),
    query_engine: ENGINE,
    query_sql: query.sql.trim(),
    is_private: query.is_private,
    is_archived: false,
    is_unsaved: false,
    owner: query.owner,
  };
}

function wireParameter(param: QueryParameter): WireParameter {
  if (param.type === "enum") {
    return { key: param.key, type: "enum", value: param.value, enumOptions: [...(param.enumOptions ?? [])] };
  }
  if (param.type === "date") return { key: param.key, type: "datetime", value: datetimeText(param.value) };
  return { key: param.key, type: param.type, value: param.value };
}

/** A date default (`YYYY-MM-DD`, optionally ` HH:MM[:SS]`) in the real service's `YYYY-MM-DD HH:MM:SS` form. */
function datetimeText(value: string): string {
  const [day, time = ""] = value.split(" ");
  const [h = "00", m = "00", s = "00"] = time === "" ? [] : time.split(":");
  return `${day} ${h}:${m}:${s}`;
}

/**
 * A curated dataset's query: public, owned by the service, with no parameters. Its endpoint's path arguments are
 * columns of the result, so the rows of one chain or market are a filter on them (`filters=chain = 'ethereum'`).
 */
export function datasetQueryBody(def: DatasetDefinition): SavedQueryBody {
  const columns = def.columns.map((c) => c.name);
  const route = def.routePath.replace(/:([a-z_]+)/g, "{$1}");
  // Each path argument is a column: the endpoint's rows for one argument are the rows where that column equals it.
  const narrowing = def.pathParams.length
    ? ` Its path arguments are columns: ${def.pathParams
        .map((p) => `{${p.name}} is ${p.column}`)
        .join(", ")}; the endpoint's rows are those of filters=${def.pathParams
        .map((p) => `${p.column} = '${p.allowed.includes("ethereum") ? "ethereum" : p.allowed[0]}'`)
        .join(" AND ")}.`
    : "";
  return {
    query_id: def.queryId,
    name: `Curated dataset: ${def.name}`,
    description: `The rows of GET ${route}, refreshed ${scheduleText(def)}.${narrowing}`,
    tags: ["curated"],
    version: 1,
    parameters: [],
    query_engine: ENGINE,
    query_sql: [
      `-- The curated dataset ${def.name}: the service generates its rows at each refresh (${scheduleText(def)}).`,
      `select ${columns.map(quoteIdentifier).join(", ")} from ${quoteIdentifier(def.name)}`,
    ].join("\n"),
    is_private: false,
    is_archived: false,
    is_unsaved: false,
    owner: "service",
  };
}

function scheduleText(def: DatasetDefinition): string {
  const s = def.schedule;
  if (s.kind === "every") return `every ${s.minutes} minutes`;
  const two = (n: number) => String(n).padStart(2, "0");
  return `daily at ${two(s.hourUtc)}:${two(s.minuteUtc)} UTC`;
}
