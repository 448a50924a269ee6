import type { DuckDBInstance } from "@duckdb/node-api";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Clock } from "../../clock";
import type { DatasetDefinition } from "../datasets";
import { describeParquet } from "../engine/duckdb-engine";
import { sqlString } from "../engine/sql-text";
import { newExecutionId } from "../executions/execution-id";
import { RETENTION_MS, STATES, type ExecutionRecord } from "../executions/execution-record";
import { fileChecksum } from "../results/integrity";

/** The seed of the curated data: fixed, so every machine serves the same demo data for the same refresh slot. */
const SEED = 20240101;

/**
 * Writes snapshot `index` of a dataset as a result file in `resultsDir` and returns its execution record (not yet
 * registered). Its id has been sent to nobody yet.
 */
export async function makeSnapshot(
  instance: DuckDBInstance,
  def: DatasetDefinition,
  index: number,
  resultsDir: string,
  clock: Clock,
): Promise<ExecutionRecord> {
  const now = clock.now();
  const executionId = newExecutionId(now);
  const file = join(resultsDir, `${executionId}.parquet`);
  const conn = await instance.connect();
  try {
    await def.writeSnapshot(conn, { seed: SEED, refreshIndex: index, refreshedAt: new Date(now), parquetPath: file });
    const written = (await describeParquet(conn, file)).map((c) => c.name).join(",");
    if (written !== def.columns.map((c) => c.name).join(",")) {
      throw new Error(`snapshot of ${def.name} has columns ${written}, not the dataset's`);
    }
    const rowCount = Number(
      (await conn.runAndReadAll(`SELECT count(*) FROM read_parquet(${sqlString(file)})`)).getRows()[0][0],
    );
    const ended = clock.now();
    return {
      executionId,
      queryId: def.queryId,
      state: STATES.completed,
      performance: "medium",
      user: "service",
      teams: [],
      keyId: "",
      dataset: def.name,
      refreshIndex: index,
      idServed: false,
      parameters: {},
      submittedAt: now,
      startedAt: now,
      endedAt: ended,
      expiresAt: ended + RETENTION_MS,
      credits: 0,
      resultFile: file,
      resultChecksum: await fileChecksum(file),
      rowCount,
      resultBytes: (await stat(file)).size,
      columns: def.columns.map((c) => ({ name: c.name, type: c.type })),
    };
  } finally {
    conn.closeSync();
  }
}
