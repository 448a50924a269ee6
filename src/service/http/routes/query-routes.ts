import type { FastifyInstance } from "fastify";
import { DATASET_DEFINITIONS } from "../../datasets";
import type { ExecutionService } from "../../executions/execution-service";
import { callerOf } from "../caller";
import { ID_QUERY_SCHEMA, type IdQuery } from "../route-schemas";
import { datasetQueryBody, savedQueryBody, type SavedQueryBody } from "../saved-query-body";
import { checkQueryIdParam, parseQueryId } from "./execution-routes";

/**
 * `GET /v1/query/{id}`: a saved query and its declared parameters, to whoever may see it (public, or the owner's or
 * its team's), else 404 as for a query that does not exist. The curated datasets' queries are public queries. Free.
 */
export function registerQueryRoutes(app: FastifyInstance, executions: ExecutionService): void {
  app.get<{ Params: { query_id: string }; Querystring: IdQuery }>(
    "/v1/query/:query_id",
    { schema: { querystring: ID_QUERY_SCHEMA } },
    async (request): Promise<SavedQueryBody> => {
      const queryId = parseQueryId(request.params.query_id);
      checkQueryIdParam(request.query, queryId);
      const dataset = DATASET_DEFINITIONS.find((d) => d.queryId === queryId);
      if (dataset && executions.isPublicQueryId(queryId)) return datasetQueryBody(dataset);
      return savedQueryBody(executions.visibleQuery(queryId, callerOf(request)));
    },
  );
}
