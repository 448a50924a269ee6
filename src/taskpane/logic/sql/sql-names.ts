import { DATASET_CATALOG, type UploadedTable } from "../../../client";

/** A name the editor offers to complete: a table as SQL names it, or a column. */
export interface SqlName {
  label: string;
  kind: "table" | "column";
  /** What it is, shown beside it ("DEX pairs (curated)", "your table, private", "last result"). */
  detail: string;
  /** A table's columns, offered after its name. */
  columns?: readonly string[];
}

/**
 * The names SQL text may use here, from what the pane knows without a request: each curated dataset's table as SQL
 * names it (`query_<id>`, the saved query behind it: the real service's id, and the local service's own), the
 * user's uploaded tables (`dune.<namespace>.<table>`, from the service's list), and the columns of the last result.
 */
export function sqlNames(uploads: readonly UploadedTable[], lastColumns: readonly string[]): SqlName[] {
  const names: SqlName[] = [];
  for (const d of DATASET_CATALOG) {
    const columns = d.columns.map(([name]) => name);
    for (const id of new Set([d.queries.real, d.queries.local])) {
      names.push({ label: `query_${id}`, kind: "table", detail: `${d.label} (curated)`, columns });
    }
  }
  for (const t of uploads) {
    const columns = t.columns.map((c) => c.name);
    const detail = `your table, ${t.isPrivate ? "private" : "public"}`;
    names.push({ label: t.fullName, kind: "table", detail, columns });
  }
  const seen = new Set<string>();
  for (const column of [...names.flatMap((n) => n.columns ?? []), ...lastColumns]) {
    if (seen.has(column)) continue;
    seen.add(column);
    names.push({ label: column, kind: "column", detail: lastColumns.includes(column) ? "last result" : "column" });
  }
  return names;
}
