import type { Caller } from "../auth/keys";
import { SQL_CATALOG, type LoadedTable, type TableRef, type TableResolver } from "../engine/sql-sandbox";
import type { ExecutionService } from "../executions/execution-service";
import type { UploadService } from "../uploads/upload-service";
import { ident, queryType, storedType } from "../uploads/upload-types";

/** `query_<id>`: the real service's name for a query's result in SQL ("query views", query-engine/query-a-query.mdx). */
const QUERY_VIEW = /^query_(\d{1,15})$/;

/**
 * The tables SQL text may read, resolved for one caller when its run starts: a curated dataset's current snapshot as
 * `query_<its query id>` (`query_9000003`), and an uploaded table as `dune.<namespace>.<table>` (or `<namespace>.
 * <table>`) when the caller may see it (its own, or public). Anything else named, a private table of another
 * namespace included, is simply not there, and the engine says "does not exist" as for a table nobody made.
 */
export function sqlTables(caller: Caller, executions: ExecutionService, uploads: UploadService): TableResolver {
  return async (refs: readonly TableRef[]) => {
    const tables: LoadedTable[] = [];
    for (const ref of refs) {
      if (ref.catalog !== "" && ref.catalog !== SQL_CATALOG) continue;
      const view = QUERY_VIEW.exec(ref.table);
      if (view && (ref.schema === "" || ref.schema === "main")) {
        const queryId = Number(view[1]);
        if (!executions.isPublicQueryId(queryId)) continue;
        const record = await executions.latestWithResult(queryId, caller).catch(() => undefined);
        if (record?.resultFile) tables.push({ schema: "main", table: ref.table, file: record.resultFile });
        continue;
      }
      if (ref.schema === "") continue;
      const upload = uploads.readable(caller, ref.schema, ref.table);
      if (!upload) continue;
      // The 256-bit integers are stored as text (upload-types.ts); every other column is read as stored.
      const select = upload.columns
        .map((c) =>
          storedType(c.type) === queryType(c.type)
            ? ident(c.name)
            : `CAST(${ident(c.name)} AS ${queryType(c.type)}) AS ${ident(c.name)}`,
        )
        .join(", ");
      tables.push({ schema: upload.namespace, table: upload.tableName, file: upload.file, select });
    }
    return tables;
  };
}
