import type { FastifyInstance } from "fastify";
import { apiError } from "../../errors";
import { STATES } from "../../executions/execution-record";
import type { ExecutionService } from "../../executions/execution-service";
import { findPlaceholders } from "../../queries/placeholders";
import { sqlTables } from "../../sql/sql-tables";
import type { UploadService } from "../../uploads/upload-service";
import { callerOf } from "../caller";
import { sqlInputs } from "../upload-inputs";

/**
 * `POST /v1/sql/execute` `{sql, performance}`: SQL text run as an execution like any other (polled, read, cancelled,
 * priced by its tier and kept 90 days), without a query id, under a time limit, with the curated datasets and the
 * uploaded tables the caller may see as its tables (sql/sql-tables.ts). SQL with `{{name}}` placeholders is refused:
 * the real service has no parameters here, and running it with the braces left in would mean something else.
 */
export function registerSqlRoutes(
  app: FastifyInstance,
  executions: ExecutionService,
  uploads: UploadService,
  timeLimitMs: number,
): void {
  app.post("/v1/sql/execute", async (request) => {
    const caller = callerOf(request);
    const { sql, performance } = sqlInputs(request.body);
    const placeholders = findPlaceholders(sql);
    if (placeholders.length > 0) {
      throw apiError("sql_has_parameters", { names: [...new Set(placeholders.map((p) => p.key))] });
    }
    const tables = sqlTables(caller, executions, uploads);
    const record = await executions.executeSql(caller, sql, performance, { tables, timeLimitMs });
    return { execution_id: record.executionId, state: STATES.pending };
  });
}
