import type { FastifyInstance } from "fastify";
import { STATES, type Performance } from "../../executions/execution-record";
import type { ExecutionService } from "../../executions/execution-service";
import { executionError, executionFields, metadataFields } from "../../results/envelope";
import { callerOf } from "../caller";
import { apiError, badParameter } from "../../errors";
import {
  EXECUTE_BODY_SCHEMA,
  ID_QUERY_SCHEMA,
  RESULT_QUERY_SCHEMA,
  type ExecuteBody,
  type IdQuery,
  type ResultQuery,
} from "../route-schemas";
import { sendResult, withoutUndefined, type StoredResults } from "../result-response";
import { resolveSharedParams } from "../shared-params";
import { DATASET_DEFINITIONS } from "../../datasets";
import { submittedInputs } from "../../queries/latest-inputs";

interface ExecutionParams {
  execution_id: string;
}

const ID_ROUTE = { schema: { querystring: ID_QUERY_SCHEMA } };
const RESULT_ROUTE = { schema: { querystring: RESULT_QUERY_SCHEMA } };

/** E1–E5, the latest result as JSON, and the status endpoint. */
export function registerExecutionRoutes(
  app: FastifyInstance,
  executions: ExecutionService,
  results: StoredResults,
): void {
  app.post<{ Params: { query_id: string }; Querystring: IdQuery; Body: ExecuteBody | null }>(
    "/v1/query/:query_id/execute",
    { schema: { querystring: ID_QUERY_SCHEMA, body: EXECUTE_BODY_SCHEMA } },
    async (request) => {
      const queryId = parseQueryId(request.params.query_id);
      checkQueryIdParam(request.query, queryId);
      const body = executeInputs(request.body);
      const record = await executions.execute(queryId, callerOf(request), body.parameters, body.performance);
      // The acknowledgement always says PENDING (the spec's initial state), even if a free slot already picked it up.
      return { execution_id: record.executionId, state: STATES.pending };
    },
  );

  app.get<{ Params: ExecutionParams; Querystring: IdQuery }>(
    "/v1/execution/:execution_id/status",
    ID_ROUTE,
    async (request) => {
      const record = await findChecked(executions, request.params.execution_id, request.query, callerOf(request));
      const hasResult = record.state === STATES.completed || record.state === STATES.partial;
      return withoutUndefined({
        ...executionFields(record),
        queue_position: executions.queuePosition(record.executionId),
        result_metadata: hasResult
          ? metadataFields(record, {
              columnNames: (record.columns ?? []).map((c) => c.name),
              columnTypes: (record.columns ?? []).map((c) => c.type),
              rowCount: record.rowCount ?? 0,
              totalRowCount: record.rowCount ?? 0,
              resultSetBytes: record.resultBytes ?? 0,
            })
          : undefined,
        error: executionError(record),
        execution_cost_credits: record.credits,
        ...inflightFields(executions.inflight(record)),
      });
    },
  );

  for (const [suffix, format] of [
    ["results", "json"],
    ["results/csv", "csv"],
  ] as const) {
    app.get<{ Params: ExecutionParams; Querystring: ResultQuery }>(
      `/v1/execution/:execution_id/${suffix}`,
      RESULT_ROUTE,
      async (request, reply) => {
        const record = await findChecked(executions, request.params.execution_id, request.query, callerOf(request));
        return sendResult(request, reply, results, record, format);
      },
    );
  }

  app.post<{ Params: ExecutionParams; Querystring: IdQuery }>(
    "/v1/execution/:execution_id/cancel",
    ID_ROUTE,
    async (request) => {
      const caller = callerOf(request);
      const record = await findChecked(executions, request.params.execution_id, request.query, caller);
      return { success: await executions.cancel(record, caller) };
    },
  );

  // E5 and its JSON form: the latest result of a query the caller may see, under the one access rule.
  for (const [suffix, format] of [
    ["results", "json"],
    ["results/csv", "csv"],
  ] as const) {
    app.get<{ Params: { query_id: string }; Querystring: ResultQuery }>(
      `/v1/query/:query_id/${suffix}`,
      RESULT_ROUTE,
      async (request, reply) => {
        const queryId = parseQueryId(request.params.query_id);
        checkQueryIdParam(request.query, queryId);
        const dataset = DATASET_DEFINITIONS.find((d) => d.queryId === queryId);
        if (dataset && executions.isPublicQueryId(queryId)) {
          // As on the dataset's own route: a request refused (its parameters, the key's credits) makes no snapshot.
          resolveSharedParams(request.query, dataset.columns);
          results.billing.checkRead(callerOf(request));
        }
        // params.<name>=value: the latest run of those inputs (both official clients send a query's parameters so).
        const inputs = submittedInputs(new URLSearchParams(request.url.split("?")[1] ?? ""));
        const record = await executions.latestWithResult(queryId, callerOf(request), format === "json", inputs);
        return sendResult(request, reply, results, record, format);
      },
    );
  }
}

/** The status's in-flight fields, integers as the real service sends them, when runs per key are limited. */
function inflightFields(fields: { max: number; reached: number } | undefined): Record<string, number> {
  if (fields === undefined) return {};
  return { max_inflight_interactive_executions: fields.max, max_inflight_interactive_reached: fields.reached };
}

async function findChecked(
  executions: ExecutionService,
  id: string,
  query: IdQuery,
  caller: ReturnType<typeof callerOf>,
) {
  const record = await executions.find(id, caller);
  // The spec lists execution_id as a query parameter too; accepted, never required, and it must agree with the path.
  const repeated = query.execution_id;
  if (repeated !== undefined && repeated !== id) {
    throw badParameter("execution_id", `query parameter "${repeated.slice(0, 40)}" differs from the path's "${id}"`);
  }
  return record;
}

/**
 * A query id in a path: a positive whole number, else no query has it. The real service answers an id that names no
 * query (`0`, one that does not exist, one private to others) with `404 Query not found` (the official TypeScript
 * client's e2e test "returns query not found error" executes 999999999 and 0 and expects exactly that); it has no
 * documented "invalid query id" answer, so `-1`, `abc` and `1.5` get the same 404.
 */
export function parseQueryId(text: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) throw apiError("query_not_found");
  return Number(text);
}

export function checkQueryIdParam(query: IdQuery, queryId: number): void {
  const repeated = query.queryID;
  if (repeated !== undefined && repeated !== String(queryId)) {
    throw badParameter("queryID", `query parameter "${repeated.slice(0, 40)}" differs from the path's ${queryId}`);
  }
}

/** The schema has checked the body's shape; what is left is the spec's JSON-text form of query_parameters. */
function executeInputs(body: ExecuteBody | null | undefined): {
  parameters: Record<string, unknown>;
  performance: Performance;
} {
  // No tier: the service chooses, as the real one does by plan; here always medium. `free` is the small tier's other name.
  const named = body?.performance ?? "medium";
  const performance: Performance = named === "free" ? "small" : named;
  let parameters: unknown = body?.query_parameters ?? {};
  // The spec declares query_parameters as "a string of JSON key-value pairs": accept that form as well as an object.
  if (typeof parameters === "string") {
    try {
      parameters = parameters.trim() === "" ? {} : JSON.parse(parameters);
    } catch {
      throw badParameter("query_parameters", "is a string but not valid JSON");
    }
  }
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) {
    throw badParameter("query_parameters", "must be an object of parameter name to value");
  }
  return { parameters: parameters as Record<string, unknown>, performance };
}
