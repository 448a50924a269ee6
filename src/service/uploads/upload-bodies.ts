import type { UploadRecord } from "./upload-catalog";
import { UPLOAD_CATALOG } from "./upload-rules";

/** `dune.<namespace>.<table_name>`: how SQL names the table, and the listing's `full_name`. */
export function fullName(namespace: string, tableName: string): string {
  return `${UPLOAD_CATALOG}.${namespace}.${tableName}`;
}

/**
 * One table of `GET /v1/uploads`, in the fields the real service sends (duneanalytics/dune-docs@1502a528,
 * analytics-openapi.json `models.TableListElement`; the example in api-reference/tables/endpoint/uploads-list.mdx):
 * the size as a string of digits, times as ISO 8601 with milliseconds, `purged_at` null, the owner a `user`.
 */
export function listElement(record: UploadRecord): Record<string, unknown> {
  return {
    full_name: fullName(record.namespace, record.tableName),
    is_private: record.isPrivate,
    table_size_bytes: String(record.bytes),
    created_at: new Date(record.createdAt).toISOString(),
    updated_at: new Date(record.updatedAt).toISOString(),
    purged_at: null,
    owner: { handle: record.namespace, type: "user" },
    columns: record.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable })),
  };
}

/** `POST /v1/uploads`'s answer (catalyst/tables-openapi.json `CreateTableResponse`). */
export function createdBody(record: UploadRecord): Record<string, unknown> {
  const name = fullName(record.namespace, record.tableName);
  return {
    namespace: record.namespace,
    table_name: record.tableName,
    full_name: name,
    example_query: `select * from ${name}`,
    already_existed: false,
    message: "Table created successfully",
  };
}
