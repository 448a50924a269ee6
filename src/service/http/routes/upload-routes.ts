import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { formatBytes } from "../../../billing";
import type { Readable } from "node:stream";
import { apiError } from "../../errors";
import { namespaceOf } from "../../uploads/namespace";
import { MAX_CSV_UPLOAD_BYTES } from "../../uploads/upload-rules";
import type { UploadService } from "../../uploads/upload-service";
import { callerOf } from "../caller";
import { createInputs, csvInputs, listInputs } from "../upload-inputs";

interface TableParams {
  namespace: string;
  table_name: string;
}

const FORMATS: Record<string, "csv" | "ndjson"> = { "text/csv": "csv", "application/x-ndjson": "ndjson" };

/**
 * The uploads routes, in a scope of their own: `insert` takes its body as a stream (CSV or NDJSON up to 1.2 GB,
 * written to disk as it arrives), and an empty body with `Content-Type: application/json` counts as no body (the
 * official TypeScript client sends that header on `clear` and `delete`, which have none).
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  uploads: UploadService,
  maxInsertBytes: number,
): Promise<void> {
  await app.register(async (scope) => {
    // The CSV upload's own limit (200 MB), in its own words; every other error goes on to the app's handler.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        throw apiError("upload_too_large", { limit: formatBytes(MAX_CSV_UPLOAD_BYTES) });
      }
      throw error;
    });
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, text, done) => {
      const body = String(text);
      if (body.trim() === "") return done(null, null);
      try {
        done(null, JSON.parse(body));
      } catch {
        done(apiError("invalid_body", { reason: "is not valid JSON" }), undefined);
      }
    });
    scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    scope.get("/v1/uploads", async (request) => {
      const { limit, offset } = listInputs(request.query as Record<string, unknown>);
      return uploads.list(callerOf(request), limit, offset);
    });

    scope.post("/v1/uploads", async (request) => {
      const caller = callerOf(request);
      const { namespace, table } = createInputs(request.body, namespaceOf(caller));
      return uploads.create(caller, namespace, table);
    });

    scope.post("/v1/uploads/csv", { bodyLimit: MAX_CSV_UPLOAD_BYTES }, async (request) => {
      const { csv, table } = csvInputs(request.body);
      return uploads.uploadCsv(callerOf(request), table, csv);
    });

    scope.post<{ Params: TableParams }>("/v1/uploads/:namespace/:table_name/insert", async (request) => {
      const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      const format = FORMATS[type];
      if (format === undefined || !isStream(request.body)) {
        discard(request);
        throw apiError("upload_content_type", { type: type.slice(0, 60) });
      }
      const { namespace, table_name } = request.params;
      const body = request.body;
      // Refused before its body was read (another namespace, no such table): the rest is drained, not left hanging.
      return uploads.insert(callerOf(request), namespace, table_name, format, body, maxInsertBytes).catch((error) => {
        body.resume();
        throw error;
      });
    });

    scope.post<{ Params: TableParams }>("/v1/uploads/:namespace/:table_name/clear", async (request) => {
      discard(request);
      return uploads.clear(callerOf(request), request.params.namespace, request.params.table_name);
    });

    scope.delete<{ Params: TableParams }>("/v1/uploads/:namespace/:table_name", async (request) => {
      discard(request);
      return uploads.delete(callerOf(request), request.params.namespace, request.params.table_name);
    });
  });
}

function isStream(body: unknown): body is Readable {
  return body !== null && typeof body === "object" && typeof (body as Readable).pipe === "function";
}

/** A streamed body the route does not read is drained, so the answer reaches a client still sending. */
function discard(request: FastifyRequest): void {
  if (isStream(request.body)) request.body.resume();
}
