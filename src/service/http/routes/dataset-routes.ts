import type { FastifyInstance } from "fastify";
import { DATASET_DEFINITIONS } from "../../datasets";
import { badParameter } from "../../errors";
import type { ResultReader } from "../../results/result-reader";
import type { SnapshotService } from "../../snapshots/snapshot-service";
import type { QueryString } from "../query-values";
import { sendResult } from "../result-response";
import { checkQueryIdParam } from "./execution-routes";

/** E6–E11: each dataset's route serves the current snapshot, narrowed by its path arguments (chain, market). */
export function registerDatasetRoutes(app: FastifyInstance, snapshots: SnapshotService, reader: ResultReader): void {
  for (const def of DATASET_DEFINITIONS) {
    app.get<{ Params: Record<string, string> }>(def.routePath, async (request, reply) => {
      checkQueryIdParam(request.query as QueryString, def.queryId);
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
      return sendResult(request, reply, reader, await snapshots.current(def), "json", fixed);
    });
  }
}
