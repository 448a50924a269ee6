import type { FastifyInstance } from "fastify";
import { DATASET_DEFINITIONS } from "../../datasets";
import { badParameter } from "../../errors";
import type { SnapshotService } from "../../snapshots/snapshot-service";
import { RESULT_QUERY_SCHEMA, type ResultQuery } from "../route-schemas";
import { sendResult, type StoredResults } from "../result-response";
import { resolveSharedParams } from "../shared-params";
import { checkQueryIdParam } from "./execution-routes";
import { callerOf } from "../caller";

/** E6–E11: each dataset's route serves the current snapshot, narrowed by its path arguments (chain, market). */
export function registerDatasetRoutes(app: FastifyInstance, snapshots: SnapshotService, results: StoredResults): void {
  for (const def of DATASET_DEFINITIONS) {
    const route = { schema: { querystring: RESULT_QUERY_SCHEMA } };
    app.get<{ Params: Record<string, string>; Querystring: ResultQuery }>(
      def.routePath,
      route,
      async (request, reply) => {
        checkQueryIdParam(request.query, def.queryId);
        const fixed = def.pathParams.map((p) => {
          const value = request.params[p.name];
          if (!p.allowed.includes(value)) {
            throw badParameter(
              p.name,
              `"${String(value).slice(0, 40)}" is not allowed; use one of ${p.allowed.join(", ")}`,
            );
          }
          return { column: p.column, value };
        });
        // The parameters and the key's credits are checked first: a request refused makes no snapshot.
        resolveSharedParams(request.query, def.columns, fixed);
        results.billing.checkRead(callerOf(request));
        return sendResult(request, reply, results, await snapshots.serve(def), "json", fixed);
      },
    );
  }
}
