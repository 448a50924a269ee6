import { Pool, type PoolClient } from "pg";
import { GatewayInputError, revokedError, unknownPerson } from "../errors";
import type {
  AuditEntry,
  AuditInput,
  AuditTotals,
  Budgets,
  BudgetStatus,
  ExecutionOwner,
  GatewayStore,
  IssuedToken,
  NewPerson,
  PacingClass,
  PacingDecision,
  Person,
  Release,
  ReservationRequest,
  ReserveResult,
  Settlement,
  TeamSettings,
  TimeRange,
} from "../gateway-store";
import { counterKeys } from "../budget-rule";
import { pacingRuling } from "../pacing-rule";
import { checkedBudgets, creditsAmount, personName } from "../people-rules";
import { periodKeys, timeZone } from "../periods";
import {
  EXPIRY_SWEEP_INTERVAL_MS,
  resolveOptions,
  type GatewayStoreOptions,
  type ResolvedOptions,
} from "../store-options";
import { newToken, tokenHash } from "../tokens";
import { migrate } from "./migrations";
import { auditTotalsSql } from "./pg-audit";
import { ensureCounters, expireSql, reconcileSql, reserveSql, statusSql } from "./pg-budgets";
import { isRetryable, isUnavailable, unavailable } from "./pg-errors";
import { auditOf, insertAudit, num, PERSON_COLUMNS, personOf, type AuditRow, type PersonRow } from "./pg-rows";

export interface PostgresStoreOptions extends GatewayStoreOptions {
  /** Connections per instance (default 10). */
  poolSize?: number;
  /** How long to wait for a connection or a statement before answering "unavailable" (default 5 s). */
  timeoutMs?: number;
}

/** A time for a bigint column: ±Infinity (an open range) as the furthest time a double holds exactly. */
const bounded = (at: number) => Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, at));

/** Expired reservations are kept this long for a late reconcile; execution owners 90 days (a result's life). */
const KEEP_EXPIRED_MS = 7 * 24 * 3600 * 1000;
const KEEP_OWNERS_MS = 90 * 24 * 3600 * 1000;

/**
 * The store for several instances on one PostgreSQL: every check-and-count is one transaction with row locks
 * (budgets) or an advisory lock (pacing), so instances never overspend or overpace by racing each other. A lost
 * connection rejects with GatewayStoreUnavailableError and its transaction is rolled back by the server: nothing
 * half counted. A commit whose answer is lost leaves at most a reservation nobody reconciles, counted at its
 * estimate when it expires: the safe side.
 */
export class PostgresGatewayStore implements GatewayStore {
  readonly kind = "postgres";
  readonly #pool: Pool;
  readonly #options: ResolvedOptions;
  #lastSweep = -Infinity;

  private constructor(pool: Pool, options: ResolvedOptions) {
    this.#pool = pool;
    this.#options = options;
  }

  /** Connects, runs the migrations the database lacks, and returns the store. */
  static async open(connectionString: string, options: PostgresStoreOptions = {}): Promise<PostgresGatewayStore> {
    const timeout = options.timeoutMs ?? 5000;
    const pool = new Pool({
      connectionString,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: timeout,
      query_timeout: timeout,
      idleTimeoutMillis: 30_000,
      application_name: "service-gateway",
    });
    // A connection cut by the server emits 'error' on its client, and an 'error' nobody listens to ends the process.
    // The pool listens on idle clients (and re-emits here), but not on one checked out between two statements of a
    // transaction: every client gets its own listener for its whole life. The statement in progress, or the next one
    // on that client, fails for itself (unavailable: the gateway's 503), and the client is closed on release.
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", () => undefined));
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw isUnavailable(error) ? unavailable(error) : error;
    }
    return new PostgresGatewayStore(pool, resolveOptions(options));
  }

  get #now(): number {
    return this.#options.clock.now();
  }

  /** One query outside a transaction, its connection failures made typed. */
  async #query<R extends object>(text: string, values: unknown[] = []): Promise<R[]> {
    try {
      return (await this.#pool.query<R>(text, values)).rows;
    } catch (error) {
      throw isUnavailable(error) ? unavailable(error) : error;
    }
  }

  /** Runs `work` in a transaction, again on a deadlock or serialization failure (up to three times). */
  async #transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: PoolClient | undefined;
      let failure: unknown;
      try {
        client = await this.#pool.connect();
        await client.query("BEGIN");
        const result = await work(client);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        failure = error;
        await client?.query("ROLLBACK").catch(() => undefined);
        if (isRetryable(error) && attempt < 3) continue;
        throw isUnavailable(error) ? unavailable(error) : error;
      } finally {
        // A connection that failed is closed rather than handed to the next caller.
        client?.release(isUnavailable(failure) ? (failure as Error) : undefined);
      }
    }
  }

  async #auditIn(client: PoolClient, entries: readonly AuditInput[], zone?: string): Promise<void> {
    if (entries.length === 0) return;
    const now = this.#now;
    const tz =
      zone ?? (await client.query<{ time_zone: string }>("SELECT time_zone FROM gateway_settings")).rows[0]!.time_zone;
    await insertAudit(client, entries, now, (at) => periodKeys(tz, at).day);
  }

  async addPerson(input: NewPerson): Promise<IssuedToken> {
    const name = personName(input.name);
    const budgets = { perDay: null, perMonth: null, ...checkedBudgets(input.budgets, `${name}'s`) } as Budgets;
    const token = newToken();
    const rows = await this.#query<PersonRow>(
      `INSERT INTO gateway_people (name, admin, created_at_ms, budget_per_day, budget_per_month, token_hash)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (name) DO UPDATE SET admin = EXCLUDED.admin, revoked_at_ms = NULL,
         budget_per_day = EXCLUDED.budget_per_day, budget_per_month = EXCLUDED.budget_per_month,
         token_hash = EXCLUDED.token_hash
       WHERE gateway_people.revoked_at_ms IS NOT NULL
       RETURNING ${PERSON_COLUMNS}`,
      [name, input.admin ?? false, this.#now, budgets.perDay, budgets.perMonth, tokenHash(token)],
    );
    if (rows.length === 0) {
      throw new GatewayInputError(
        "PERSON_EXISTS",
        `"${name}" already exists; \`users rotate ${name}\` gives a new token.`,
      );
    }
    return { person: personOf(rows[0]!), token };
  }

  async listPeople(): Promise<Person[]> {
    const rows = await this.#query<PersonRow>(`SELECT ${PERSON_COLUMNS} FROM gateway_people ORDER BY name COLLATE "C"`);
    return rows.map(personOf);
  }

  async person(name: string): Promise<Person | undefined> {
    const rows = await this.#query<PersonRow>(`SELECT ${PERSON_COLUMNS} FROM gateway_people WHERE name = $1`, [
      personName(name),
    ]);
    return rows[0] && personOf(rows[0]);
  }

  async authenticate(token: string): Promise<Person | undefined> {
    const rows = await this.#query<PersonRow>(
      `SELECT ${PERSON_COLUMNS} FROM gateway_people WHERE token_hash = $1 AND revoked_at_ms IS NULL`,
      [tokenHash(token)],
    );
    return rows[0] && personOf(rows[0]);
  }

  async revokePerson(name: string): Promise<Person> {
    const rows = await this.#query<PersonRow>(
      `UPDATE gateway_people SET revoked_at_ms = COALESCE(revoked_at_ms, $2), token_hash = NULL
       WHERE name = $1 RETURNING ${PERSON_COLUMNS}`,
      [personName(name), this.#now],
    );
    if (!rows[0]) throw unknownPerson(name);
    return personOf(rows[0]);
  }

  async rotateToken(name: string): Promise<IssuedToken> {
    const token = newToken();
    const rows = await this.#query<PersonRow>(
      `UPDATE gateway_people SET token_hash = $2 WHERE name = $1 AND revoked_at_ms IS NULL RETURNING ${PERSON_COLUMNS}`,
      [personName(name), tokenHash(token)],
    );
    if (rows[0]) return { person: personOf(rows[0]), token };
    if (await this.person(name)) throw revokedError(personName(name));
    throw unknownPerson(name);
  }

  async setPersonBudgets(name: string, budgets: Partial<Budgets>): Promise<Person> {
    const checked = checkedBudgets(budgets, `${personName(name)}'s`);
    const rows = await this.#query<PersonRow>(
      `UPDATE gateway_people SET
         budget_per_day = CASE WHEN $2 THEN $3::numeric ELSE budget_per_day END,
         budget_per_month = CASE WHEN $4 THEN $5::numeric ELSE budget_per_month END
       WHERE name = $1 RETURNING ${PERSON_COLUMNS}`,
      [
        personName(name),
        checked.perDay !== undefined,
        checked.perDay ?? null,
        checked.perMonth !== undefined,
        checked.perMonth ?? null,
      ],
    );
    if (!rows[0]) throw unknownPerson(name);
    return personOf(rows[0]);
  }

  async teamSettings(): Promise<TeamSettings> {
    const row = (
      await this.#query<{ budget_per_day: string | null; budget_per_month: string | null; time_zone: string }>(
        "SELECT budget_per_day, budget_per_month, time_zone FROM gateway_settings",
      )
    )[0]!;
    return { perDay: num(row.budget_per_day), perMonth: num(row.budget_per_month), timeZone: row.time_zone };
  }

  async setTeamSettings(settings: Partial<TeamSettings>): Promise<TeamSettings> {
    const checked = checkedBudgets(settings, "The team's");
    const zone = settings.timeZone === undefined ? undefined : timeZone(settings.timeZone);
    await this.#query(
      `UPDATE gateway_settings SET
         budget_per_day = CASE WHEN $1 THEN $2::numeric ELSE budget_per_day END,
         budget_per_month = CASE WHEN $3 THEN $4::numeric ELSE budget_per_month END,
         time_zone = COALESCE($5, time_zone)`,
      [
        checked.perDay !== undefined,
        checked.perDay ?? null,
        checked.perMonth !== undefined,
        checked.perMonth ?? null,
        zone ?? null,
      ],
    );
    return this.teamSettings();
  }

  async #sweep(): Promise<void> {
    if (!this.#options.maintenance) return;
    if (this.#now - this.#lastSweep < EXPIRY_SWEEP_INTERVAL_MS) return;
    await this.expireReservations();
  }

  async reserve(request: ReservationRequest): Promise<ReserveResult> {
    const checked = {
      ...request,
      person: personName(request.person),
      estimate: creditsAmount("The estimate", request.estimate),
    };
    await this.#sweep();
    const now = this.#now;
    const team = await this.teamSettings();
    const periods = periodKeys(team.timeZone, now);
    await this.#transaction((client) => ensureCounters(client, Object.values(counterKeys(checked.person, periods))));
    return this.#transaction(async (client) => {
      const audit: AuditInput[] = [];
      const result = await reserveSql(client, checked, team, periods, now, this.#options.reservationTtlMs, audit);
      await this.#auditIn(client, audit, team.timeZone);
      return result;
    });
  }

  async reconcile(reservationId: string, settlement: Settlement): Promise<void> {
    const credits = creditsAmount("The cost", settlement.credits);
    await this.#transaction(async (client) => {
      const audit: AuditInput[] = [];
      await reconcileSql(client, reservationId, { ...settlement, credits }, audit);
      await this.#auditIn(client, audit);
    });
  }

  async release(reservationId: string, release: Release = {}): Promise<void> {
    await this.reconcile(reservationId, {
      credits: 0,
      executionId: release.executionId,
      outcome: release.outcome ?? "failed",
    });
  }

  async expireReservations(): Promise<number> {
    const now = this.#now;
    this.#lastSweep = now;
    return this.#transaction(async (client) => {
      const audit: AuditInput[] = [];
      const expired = await expireSql(client, now, audit);
      await this.#auditIn(client, audit);
      await client.query("DELETE FROM gateway_reservations WHERE state = 'expired' AND expires_at_ms < $1", [
        now - KEEP_EXPIRED_MS,
      ]);
      await client.query("DELETE FROM gateway_executions WHERE started_at_ms < $1", [now - KEEP_OWNERS_MS]);
      return expired;
    });
  }

  async budgetStatus(name: string): Promise<BudgetStatus> {
    await this.#sweep();
    const team = await this.teamSettings();
    return this.#transaction((client) => statusSql(client, personName(name), team, this.#now));
  }

  async recordExecution(owner: ExecutionOwner): Promise<void> {
    await this.#query(
      `INSERT INTO gateway_executions (execution_id, person, query_id, started_at_ms, reservation_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (execution_id) DO NOTHING`,
      [owner.executionId, personName(owner.person), owner.queryId, owner.startedAt, owner.reservationId ?? null],
    );
  }

  async executionOwner(executionId: string): Promise<(ExecutionOwner & { reservationId: string | null }) | undefined> {
    const rows = await this.#query<{
      person: string;
      query_id: string | null;
      started_at_ms: string;
      reservation_id: string | null;
    }>("SELECT person, query_id, started_at_ms, reservation_id FROM gateway_executions WHERE execution_id = $1", [
      executionId,
    ]);
    const row = rows[0];
    return (
      row && {
        executionId,
        person: row.person,
        queryId: num(row.query_id),
        startedAt: Number(row.started_at_ms),
        reservationId: row.reservation_id,
      }
    );
  }

  async lastExecutionCost(queryId: number): Promise<number | undefined> {
    const rows = await this.#query<{ credits: string }>(
      `SELECT credits FROM gateway_audit WHERE action = 'execute' AND outcome = 'ok' AND query_id = $1
       ORDER BY id DESC LIMIT 1`,
      [queryId],
    );
    return rows[0] ? Number(rows[0].credits) : undefined;
  }

  async audit(entry: AuditInput): Promise<void> {
    await this.#transaction((client) => this.#auditIn(client, [{ ...entry, person: personName(entry.person) }]));
  }

  async auditAll(entries: readonly AuditInput[]): Promise<void> {
    if (entries.length === 0) return;
    const named = entries.map((entry) => ({ ...entry, person: personName(entry.person) }));
    await this.#transaction((client) => this.#auditIn(client, named));
  }

  async auditEntries(range: TimeRange): Promise<AuditEntry[]> {
    const rows = await this.#query<AuditRow>(
      "SELECT * FROM gateway_audit WHERE at_ms >= $1 AND at_ms < $2 ORDER BY id",
      [bounded(range.from), bounded(range.to)],
    );
    return rows.map(auditOf);
  }

  async auditTotals(range: TimeRange): Promise<AuditTotals> {
    try {
      return await auditTotalsSql(this.#pool, { from: bounded(range.from), to: bounded(range.to) });
    } catch (error) {
      throw isUnavailable(error) ? unavailable(error) : error;
    }
  }

  async acquire(person: string, pacingClass: PacingClass): Promise<PacingDecision> {
    const limit = this.#options.pacingLimits[pacingClass];
    if (limit === undefined) return { ok: true };
    const name = personName(person);
    const now = this.#now;
    const windowMs = this.#options.pacingWindowMs;
    return this.#transaction(async (client) => {
      // One lock per class: acquires of one class from every instance take turns; other classes do not wait.
      await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [0x70616365, pacingClass]);
      await client.query("DELETE FROM gateway_pacing WHERE class = $1 AND at_ms <= $2", [pacingClass, now - windowMs]);
      const { rows } = await client.query<{ person: string; at_ms: string }>(
        "SELECT person, at_ms FROM gateway_pacing WHERE class = $1",
        [pacingClass],
      );
      const grants = rows.map((row) => ({ person: row.person, at: Number(row.at_ms) }));
      const ruling = pacingRuling({ person: name, now, limit, windowMs, grants });
      if (ruling.ok) {
        await client.query("INSERT INTO gateway_pacing (class, person, at_ms) VALUES ($1, $2, $3)", [
          pacingClass,
          name,
          now,
        ]);
      }
      return ruling;
    });
  }

  async close(): Promise<void> {
    await this.#pool.end().catch(() => undefined);
  }
}
