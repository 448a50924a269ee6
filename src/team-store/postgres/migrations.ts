import type { Pool } from "pg";

/**
 * The schema, in numbered steps run on start: each one in its own transaction with its row in
 * `gateway_migrations`, so a step runs once whatever happens. Instances starting together take a session advisory
 * lock first: one migrates, the others wait for it and then find nothing to do. Tables are prefixed, so the gateway
 * can share a database. Times are milliseconds since the epoch (bigint), credits numeric(16,2).
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Any fixed number the gateway's instances agree on: "gate" in ASCII. */
export const MIGRATION_LOCK = 0x67617465;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "people, budgets, counters, reservations, audit, executions, pacing",
    sql: `
      CREATE TABLE gateway_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        budget_per_day numeric(16,2),
        budget_per_month numeric(16,2),
        time_zone text NOT NULL DEFAULT 'UTC'
      );
      INSERT INTO gateway_settings (id) VALUES (true);
      CREATE TABLE gateway_people (
        name text PRIMARY KEY,
        admin boolean NOT NULL,
        created_at_ms bigint NOT NULL,
        revoked_at_ms bigint,
        budget_per_day numeric(16,2),
        budget_per_month numeric(16,2),
        token_hash text UNIQUE
      );
      CREATE TABLE gateway_counters (
        scope text NOT NULL,
        period text NOT NULL,
        spent numeric(16,2) NOT NULL DEFAULT 0,
        reserved numeric(16,2) NOT NULL DEFAULT 0,
        PRIMARY KEY (scope, period)
      );
      CREATE TABLE gateway_reservations (
        id uuid PRIMARY KEY,
        person text NOT NULL,
        action text NOT NULL,
        estimate numeric(16,2) NOT NULL,
        query_id bigint,
        execution_id text,
        day text NOT NULL,
        month text NOT NULL,
        created_at_ms bigint NOT NULL,
        expires_at_ms bigint NOT NULL,
        state text NOT NULL DEFAULT 'open'
      );
      CREATE INDEX gateway_reservations_expiry ON gateway_reservations (state, expires_at_ms);
      CREATE TABLE gateway_audit (
        id bigserial PRIMARY KEY,
        at_ms bigint NOT NULL,
        day text NOT NULL,
        person text NOT NULL,
        action text NOT NULL,
        outcome text NOT NULL,
        query_id bigint,
        execution_id text,
        rows bigint,
        bytes bigint,
        estimate numeric(16,2),
        credits numeric(16,2) NOT NULL DEFAULT 0
      );
      CREATE INDEX gateway_audit_time ON gateway_audit (at_ms);
      CREATE TABLE gateway_executions (
        execution_id text PRIMARY KEY,
        person text NOT NULL,
        query_id bigint,
        started_at_ms bigint NOT NULL
      );
      CREATE TABLE gateway_pacing (
        id bigserial PRIMARY KEY,
        class text NOT NULL,
        person text NOT NULL,
        at_ms bigint NOT NULL
      );
      CREATE INDEX gateway_pacing_window ON gateway_pacing (class, at_ms);
    `,
  },
  {
    version: 2,
    name: "a run's reservation kept with its owner; the last cost of a query's runs found by index",
    sql: `
      ALTER TABLE gateway_executions ADD COLUMN reservation_id uuid;
      CREATE INDEX gateway_audit_query_runs ON gateway_audit (query_id, id) WHERE action = 'execute' AND outcome = 'ok';
    `,
  },
];

/** Runs the steps the database lacks; returns the versions it ran (none when another instance ran them). */
export async function migrate(pool: Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS gateway_migrations
           (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const done = new Set(
        (await client.query<{ version: number }>("SELECT version FROM gateway_migrations")).rows.map((r) => r.version),
      );
      const newest = Math.max(0, ...done);
      const known = Math.max(0, ...migrations.map((m) => m.version));
      if (newest > known) {
        throw new Error(
          `The gateway's database is at schema version ${newest}, newer than this relay knows (${known}): upgrade the relay.`,
        );
      }
      const ran: number[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(migration.sql);
          await client.query("INSERT INTO gateway_migrations (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
        ran.push(migration.version);
      }
      return ran;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.release(failure instanceof Error ? failure : undefined);
  }
}
