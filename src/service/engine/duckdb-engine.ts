import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { mkdir, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import {
  QueryCancelledError,
  type QueryEngine,
  type RunOptions,
  type RunningQuery,
  type StoredResult,
} from "./query-engine";
import { writeResult } from "./result-writer";
import { openSandbox } from "./sandbox";
import { loadAndLock, openSqlSandbox } from "./sql-sandbox";
import { checkStatements } from "./statement-guard";

export { describeParquet } from "./result-writer";

type Tier = "medium" | "large";

/** How the statement check names SQL sent as text (`/v1/sql/execute`) in its refusals. */
const SQL_TEXT = { sql: "SQL text", caller: "SQL text" };

/**
 * Memory a writer instance keeps a result table in before spilling it to its temp directory: results are held there
 * between the sandbox and the Parquet file, and several DuckDB instances share the machine.
 */
const WRITER_MEMORY = "256MB";

/**
 * Runs saved queries on embedded DuckDB, in two halves. The SQL, checked to be a single query (statement-guard.ts),
 * runs in a sandbox instance of its own that cannot touch a file (sandbox.ts); its rows are handed, as data chunks, to a writer instance that has file access and no
 * user SQL, and that writes the Parquet result (result-writer.ts). Why this design, and what it costs: docs/service.md
 * ("Saved queries"). Each tier has its own writer and gives its sandboxes its
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

  /**
   * Saved queries run in a sandbox without tables; SQL text (`options.tables`) in one holding the tables it names and
   * may read (sql-sandbox.ts), under a time limit (`options.timeLimitMs`): past it the run is interrupted and fails.
   */
  runToFile(sql: string, options: RunOptions): RunningQuery {
    const connections: DuckDBConnection[] = [];
    let cancelled = false;
    let timedOut = false;
    const interrupt = () => {
      for (const connection of connections) connection.interrupt();
    };
    const timer =
      options.timeLimitMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            interrupt();
          }, options.timeLimitMs);
    (timer as { unref?: () => void } | undefined)?.unref?.();
    const done = (async (): Promise<StoredResult> => {
      const spill = join(this.spillDir, basename(options.file, ".parquet"));
      await mkdir(spill, { recursive: true });
      const threads = this.threads[options.tier];
      const opened = options.tables
        ? await openSqlSandbox(threads, spill)
        : await openSandbox(threads, spill).then(async (instance) => ({
            instance,
            connection: await instance.connect(),
          }));
      try {
        const source = opened.connection;
        connections.push(source);
        connections.push(await this.writers[options.tier].connect());
        await checkStatements(source, sql, options.tables ? SQL_TEXT : undefined);
        if (options.tables) await loadAndLock(source, sql, options.tables);
        if (cancelled || timedOut) throw new QueryCancelledError();
        const rows = await source.stream(sql);
        return await writeResult(rows, connections[1], { ...options, cancelled: () => cancelled || timedOut });
      } catch (error) {
        if (timedOut) throw new Error(timeLimitMessage(options.timeLimitMs as number));
        if (cancelled || /INTERRUPT/i.test(String(error))) throw new QueryCancelledError();
        throw error;
      } finally {
        clearTimeout(timer);
        for (const connection of connections) connection.closeSync();
        opened.instance.closeSync();
        await rm(spill, { recursive: true, force: true });
      }
    })();
    return {
      done,
      cancel: () => {
        cancelled = true;
        interrupt();
      },
    };
  }

  async close(): Promise<void> {
    this.writers.medium.closeSync();
    this.writers.large.closeSync();
  }
}

function timeLimitMessage(ms: number): string {
  const limit = ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;
  return `The SQL ran longer than ${limit}, the longest the local service lets SQL text run; narrow it (filters, LIMIT) or save it as a query.`;
}
