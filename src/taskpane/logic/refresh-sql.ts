import { formatCredits } from "../../billing";
import { isNotFoundError, type ResultParams, type Source } from "../../client";
import type { TableBinding } from "../../excel";
import { tierCredits, tierOf } from "../../service-cells";
import type { PaneSession } from "./deps";

/** Where a table's rows are read from, and the run that made them when one is known. */
export interface BoundSource {
  source: Source;
  params: ResultParams;
  executionId?: string;
}

/** A SQL table whose binding names no run to read (written by hand or damaged): only a re-run can fill it. */
class SqlNotRunError extends Error {
  constructor(tableName: string) {
    super(`${tableName} has no stored result of its SQL to read.`);
    this.name = "SqlNotRunError";
  }
}

/**
 * A SQL table's rows: its last run's stored result (read, never re-run), or with "Re-run queries" a new run of its
 * text at its tier, which the user confirmed with its price before anything was sent.
 */
export async function sqlSourceOf(
  session: Pick<PaneSession, "client">,
  b: TableBinding,
  mode: "latest" | "rerun",
  signal?: AbortSignal,
): Promise<BoundSource> {
  if (mode === "latest") {
    const last = b.options?.executionId;
    if (typeof last !== "string" || last === "") throw new SqlNotRunError(b.tableName);
    const params: ResultParams = b.options?.partial === true ? { allow_partial_results: true } : {};
    return { source: { executionId: last }, params, executionId: last };
  }
  const performance = tierOf(b.options?.performance);
  const run = await session.client().runSql(String(b.id), { performance, signal, allowPartialResults: true });
  return {
    source: { executionId: run.executionId },
    params: run.partial ? { allow_partial_results: true } : {},
    executionId: run.executionId,
  };
}

/**
 * What a SQL table's refresh says when its last run's result is gone (results are stored for a while only): the
 * way back is a re-run, with its price; undefined for any other failure.
 */
export function sqlResultGone(binding: TableBinding, mode: "latest" | "rerun", error: unknown): string | undefined {
  if (binding.kind !== "sql" || mode !== "latest") return undefined;
  if (!isNotFoundError(error) && !(error instanceof SqlNotRunError)) return undefined;
  const credits = formatCredits(tierCredits(tierOf(binding.options?.performance)));
  return `${binding.tableName}: its SQL's last result is no longer stored. Tick "Re-run queries" to run it again (${credits}).`;
}
