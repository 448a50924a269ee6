import type { FastifyInstance } from "fastify";
import { STATES, type Performance } from "../../executions/execution-record";
import type { ExecutionService } from "../../executions/execution-service";
import { executionError, executionFields, metadataFields } from "../../results/envelope";
import type { ResultReader } from "../../results/result-reader";
import { callerOf } from "../caller";
import { apiError, badParameter } from "../../errors";
import { single, type QueryString } from "../query-values";
import { sendResult, withoutUndefined } from "../result-response";

interface ExecutionParams {
  execution_id: string;
}

/** E1–E5 and the status endpoint. */
export function registerExecutionRoutes(
  app: FastifyInstance,
  executions: ExecutionService,
  reader: ResultReader,
): void {
  app.post<{ Params: { query_id: string } }>("/v1/query/:query_id/execute", async (request) => {
    const queryId = parseQueryId(request.params.query_id);
    checkQueryIdParam(request.query as QueryString, queryId);
    const body = parseExecuteBody(request.body);
    const record = await executions.execute(queryId, callerOf(request), body.parameters, body.performance);
    // The acknowledgement always says PENDING (the spec's initial state), even if a free slot already picked it up.
    return { execution_id: record.executionId, state: STATES.pending };
  });

  app.get<{ Params: ExecutionParams }>("/v1/execution/:execution_id/status", async (request) => {
    const record = await findChecked(
      executions,
      request.params.execution_id,
      request.query as QueryString,
      callerOf(request),
    );
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
    });
  });

  for (const [suffix, format] of [
    ["results", "json"],
    ["results/csv", "csv"],
  ] as const) {
    app.get<{ Params: ExecutionParams }>(`/v1/execution/:execution_id/${suffix}`, async (request, reply) => {
      const record = await findChecked(
        executions,
        request.params.execution_id,
        request.query as QueryString,
        callerOf(request),
      );
      return sendResult(request, reply, reader, record, format);
    });
  }

  app.post<{ Params: ExecutionParams }>("/v1/execution/:execution_id/cancel", async (request) => {
    const record = await findChecked(
      executions,
      request.params.execution_id,
      request.query as QueryString,
      callerOf(request),
    );
    return { success: await executions.cancel(record) };
  });

  app.get<{ Params: { query_id: string } }>("/v1/query/:query_id/results/csv", async (request, reply) => {
    const queryId = parseQueryId(request.params.query_id);
    checkQueryIdParam(request.query as QueryString, queryId);
    const record = await executions.latestWithResult(queryId, callerOf(request));
    return sendResult(request, reply, reader, record, "csv");
  });
}

async function findChecked(
  executions: ExecutionService,
  id: string,
  query: QueryString,
  caller: ReturnType<typeof callerOf>,
) {
  const record = await executions.find(id, caller);
  // The spec lists execution_id as a query parameter too; accepted, never required, and it must agree with the path.
  const repeated = single(query, "execution_id");
  if (repeated !== undefined && repeated !== id) {
    throw badParameter("execution_id", `query parameter "${repeated.slice(0, 40)}" differs from the path's "${id}"`);
  }
  return record;
}

export function parseQueryId(text: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) throw apiError("invalid_query_id", { id: text.slice(0, 40) });
  return Number(text);
}

export function checkQueryIdParam(query: QueryString, queryId: number): void {
  const repeated = single(query, "queryID");
  if (repeated !== undefined && repeated !== String(queryId)) {
    throw badParameter("queryID", `query parameter "${repeated.slice(0, 40)}" differs from the path's ${queryId}`);
  }
}

function parseExecuteBody(body: unknown): { parameters: Record<string, unknown>; performance: Performance } {
  if (body === undefined || body === null || body === "") return { parameters: {}, performance: "medium" };
  if (typeof body !== "object" || Array.isArray(body))
    throw apiError("invalid_body", { reason: "must be a JSON object" });
  const { query_parameters: rawParams, performance = "medium", ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length)
    throw apiError("invalid_body", {
      reason: `unknown fields (${extra.join(", ")}); expected query_parameters, performance`,
    });
  if (performance !== "medium" && performance !== "large") throw badParameter("performance", "must be medium or large");
  let parameters: unknown = rawParams ?? {};
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
