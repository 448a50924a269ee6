import { checkPlaceholders } from "./placeholder-rules";
import type { ParameterType, QueryParameter, SavedQuery } from "./saved-query";
import { validateParameterValue } from "./parameters";

const TYPES: readonly ParameterType[] = ["text", "number", "date", "enum"];

/**
 * Validates a saved-queries file. A query whose placeholders break the quoting rule (placeholder-rules.ts) is refused
 * here, at load time, with its id and name.
 */
export function parseQueriesFile(json: unknown, source: string): SavedQuery[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected a JSON array of saved queries`);
  const seen = new Set<number>();
  return json.map((entry: unknown, i) => {
    const q = checkQueryShape(entry, `${source}: entry ${i}`);
    if (seen.has(q.query_id)) throw new Error(`${source}: query_id ${q.query_id} appears twice`);
    seen.add(q.query_id);
    checkPlaceholders(q, `${source}: query ${q.query_id} ("${q.name}")`);
    return q;
  });
}

function checkQueryShape(entry: unknown, where: string): SavedQuery {
  const q = entry as Partial<SavedQuery> | null;
  if (!q || typeof q !== "object") throw new Error(`${where} is not an object`);
  if (!Number.isInteger(q.query_id) || (q.query_id as number) <= 0) {
    throw new Error(`${where}: query_id must be a positive integer`);
  }
  if (typeof q.sql !== "string" || q.sql.trim() === "") throw new Error(`${where}: sql must be a non-empty string`);
  if (typeof q.owner !== "string" || q.owner === "") throw new Error(`${where}: owner must be a string`);
  const parameters = (q.parameters ?? []).map((p, j) => checkParameter(p, `${where} parameter ${j}`));
  return {
    query_id: q.query_id as number,
    name: typeof q.name === "string" ? q.name : `Query ${q.query_id}`,
    sql: q.sql,
    owner: q.owner,
    team: typeof q.team === "string" ? q.team : null,
    is_private: q.is_private === true,
    parameters,
  };
}

function checkParameter(p: Partial<QueryParameter>, where: string): QueryParameter {
  if (!p || typeof p.key !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(p.key)) {
    throw new Error(`${where}: key must be an identifier`);
  }
  if (!TYPES.includes(p.type as ParameterType)) throw new Error(`${where}: type must be one of ${TYPES.join(", ")}`);
  const param: QueryParameter = { key: p.key, type: p.type as ParameterType, value: String(p.value ?? "") };
  if (param.type === "enum") {
    if (!Array.isArray(p.enumOptions) || p.enumOptions.length === 0) {
      throw new Error(`${where}: an enum parameter needs enumOptions`);
    }
    param.enumOptions = p.enumOptions.map(String);
  }
  const problem = validateParameterValue(param, param.value);
  if (typeof problem === "object") throw new Error(`${where}: default ${problem.reason}`);
  return param;
}
