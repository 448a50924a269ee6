import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { join } from "node:path";
import type { ExecutionRecord } from "../executions/execution-record";

/**
 * Execution metadata in a DuckDB database file in the data directory. The whole record is kept as one JSON
 * document per execution: the service reads everything into memory at start and writes through on each change,
 * so the table only has to survive restarts, never to be queried cleverly.
 */
export class ExecutionStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(dataDir: string): Promise<ExecutionStore> {
    const instance = await DuckDBInstance.create(join(dataDir, "service.duckdb"), { threads: "1" });
    const connection = await instance.connect();
    await connection.run(
      "CREATE TABLE IF NOT EXISTS executions (execution_id VARCHAR PRIMARY KEY, record VARCHAR NOT NULL)",
    );
    await connection.run("CREATE TABLE IF NOT EXISTS credits (key_id VARCHAR PRIMARY KEY, spent BIGINT NOT NULL)");
    return new ExecutionStore(instance, connection);
  }

  async loadAll(): Promise<ExecutionRecord[]> {
    const reader = await this.connection.runAndReadAll("SELECT record FROM executions");
    return reader.getRows().map((row) => JSON.parse(String(row[0])) as ExecutionRecord);
  }

  /** Writes are serialised: DuckDB allows one writer per connection, and order matters (PENDING before COMPLETED). */
  save(record: ExecutionRecord): Promise<void> {
    const json = JSON.stringify(record);
    return this.enqueue(() =>
      this.connection.run("INSERT OR REPLACE INTO executions VALUES ($1, $2)", [record.executionId, json]),
    );
  }

  remove(executionId: string): Promise<void> {
    return this.enqueue(() => this.connection.run("DELETE FROM executions WHERE execution_id = $1", [executionId]));
  }

  addCredits(keyId: string, credits: number): Promise<void> {
    return this.enqueue(() =>
      this.connection.run(
        "INSERT INTO credits VALUES ($1, $2) ON CONFLICT (key_id) DO UPDATE SET spent = spent + excluded.spent",
        [keyId, credits],
      ),
    );
  }

  async creditsSpent(keyId: string): Promise<number> {
    await this.queue;
    const reader = await this.connection.runAndReadAll("SELECT spent FROM credits WHERE key_id = $1", [keyId]);
    const rows = reader.getRows();
    return rows.length ? Number(rows[0][0]) : 0;
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    this.connection.closeSync();
    this.instance.closeSync();
  }

  private enqueue(task: () => Promise<unknown>): Promise<void> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next.then(() => undefined);
  }
}
