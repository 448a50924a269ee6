import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { mkdir, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { QueryCancelledError, type QueryEngine, type RunningQuery, type StoredResult } from "./query-engine";
import { writeResult } from "./result-writer";
import { openSandbox } from "./sandbox";
import { checkStatements } from "./statement-guard";

export { describeParquet } from "./result-writer";

type Tier = "medium" | "large";

/**
 * Memory a writer instance keeps a result table in before spilling it to its temp directory: results are held there
 * between the sandbox and the Parquet file, and several DuckDB instances share the machine.
 */
const WRITER_MEMORY = "256MB";

/**
 * Runs saved queries on embedded DuckDB, in two halves. The SQL, checked to be a single query (statement-guard.ts),
 * runs in a sandbox instance of its own that cannot touch a file (sandbox.ts); its rows are handed, as data chunks, to a writer instance that has file access and no
 * user SQL, and that writes the Parquet result (result-writer.ts). The price, measured on the 1,000,000-row demo query
 * 1003: see the README ("Saved queries cannot touch files"). Each tier has its own writer and gives its sandboxes its
 * own thread count (the `large` tier gets more), and every run has its own connections, because `interrupt()` stops
 * only the statement of the connection it is called on.
 */
export class DuckDbEngine implements QueryEngine {
  private constructor(
    private readonly writers: Record<Tier, DuckDBInstance>,
    private readonly threads: Record<Tier, number>,
    private readonly spillDir: string,
  ) {}

  /** `spillDir` holds the temp files of every instance the engine opens, each in its own folder; emptied at start. */
  static async create(threads: Record<Tier, number>, spillDir: string): Promise<DuckDbEngine> {
    await rm(spillDir, { recursive: true, force: true });
    const writer = async (tier: Tier) => {
      const dir = join(spillDir, `writer-${tier}`);
      await mkdir(dir, { recursive: true });
      return DuckDBInstance.create(":memory:", {
        threads: String(threads[tier]),
        memory_limit: WRITER_MEMORY,
        temp_directory: dir,
      });
    };
    return new DuckDbEngine({ medium: await writer("medium"), large: await writer("large") }, threads, spillDir);
  }

  runToFile(sql: string, options: { tier: Tier; file: string; maxBytes: number }): RunningQuery {
    const connections: DuckDBConnection[] = [];
    let cancelled = false;
    const done = (async (): Promise<StoredResult> => {
      const spill = join(this.spillDir, basename(options.file, ".parquet"));
      await mkdir(spill, { recursive: true });
      const sandbox = await openSandbox(this.threads[options.tier], spill);
      try {
        const source = await sandbox.connect();
        connections.push(source);
        connections.push(await this.writers[options.tier].connect());
        await checkStatements(source, sql);
        if (cancelled) throw new QueryCancelledError();
        const rows = await source.stream(sql);
        return await writeResult(rows, connections[1], { ...options, cancelled: () => cancelled });
      } catch (error) {
        if (cancelled || /INTERRUPT/i.test(String(error))) throw new QueryCancelledError();
        throw error;
      } finally {
        for (const connection of connections) connection.closeSync();
        sandbox.closeSync();
        await rm(spill, { recursive: true, force: true });
      }
    })();
    return {
      done,
      cancel: () => {
        cancelled = true;
        for (const connection of connections) connection.interrupt();
      },
    };
  }

  async close(): Promise<void> {
    this.writers.medium.closeSync();
    this.writers.large.closeSync();
  }
}
