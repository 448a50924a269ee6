import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { auditTotalsOf } from "../audit-totals";
import { GatewayInputError, GatewayStoreUnavailableError, revokedError, unknownPerson } from "../errors";
import type {
  AuditEntry,
  AuditInput,
  Budgets,
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
import { pacingRuling, type PacingGrant } from "../pacing-rule";
import { checkedBudgets, creditsAmount, personName } from "../people-rules";
import { periodKeys, timeZone } from "../periods";
import {
  EXPIRY_SWEEP_INTERVAL_MS,
  resolveOptions,
  type GatewayStoreOptions,
  type ResolvedOptions,
} from "../store-options";
import { newToken, tokenHash } from "../tokens";
import { AuditFile } from "./audit-file";
import { writeFileAtomic } from "./atomic-file";
import { expireIn, reconcileIn, releaseIn, reserveIn, statusIn } from "./file-budgets";
import { emptyState, parseState, type FileState, type StoredPerson } from "./file-state";
import { acquireLock } from "./lock-file";

/** Execution owners and day counters are kept this long; expired reservations this long past their expiry. */
const KEEP_MS = 90 * 24 * 3600 * 1000;
const KEEP_EXPIRED_MS = 7 * 24 * 3600 * 1000;
const COUNTER_IDLE_MS = 40 * 24 * 3600 * 1000;

/**
 * The single-instance store: everything in memory, written to `state.json` atomically after every change before the
 * change's promise resolves (so what a caller was told is on the disk), the audit appended to `audit.jsonl`. A
 * change whose write fails is undone (the state is read back from the disk) and rejects with
 * GatewayStoreUnavailableError. Pacing lives in memory only: its window is a minute, and one process is the only
 * sender.
 */
export class FileGatewayStore implements GatewayStore {
  readonly kind = "file";
  readonly #options: ResolvedOptions;
  readonly #statePath: string;
  readonly #audit: AuditFile;
  readonly #unlock: () => void;
  #state: FileState;
  /** The id of the last audit entry in the log file. */
  #appended = 0;
  #version = 0;
  #durable = 0;
  #lostUpTo = 0;
  #lastFailure: unknown;
  #chain: Promise<void> = Promise.resolve();
  #lastSweep = -Infinity;
  #lastPrune = -Infinity;
  #closed = false;
  readonly #grants = new Map<PacingClass, PacingGrant[]>();
  /** The last reported cost of each query's runs, read from the log on first use and kept up to date after. */
  #lastCosts: Map<number, number> | undefined;

  private constructor(directory: string, options: ResolvedOptions) {
    this.#options = options;
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.#unlock = acquireLock(join(directory, "gateway.lock"), `The gateway store ${directory}`);
    try {
      this.#statePath = join(directory, "state.json");
      this.#audit = new AuditFile(join(directory, "audit.jsonl"));
      this.#state = this.#load();
      this.#appendPendingAudit();
    } catch (error) {
      this.#unlock();
      throw error;
    }
  }

  static open(directory: string, options?: GatewayStoreOptions): FileGatewayStore {
    return new FileGatewayStore(resolve(directory), resolveOptions(options));
  }

  #load(): FileState {
    if (!existsSync(this.#statePath)) return emptyState();
    return parseState(readFileSync(this.#statePath, "utf8"), this.#statePath);
  }

  /** Entries the state holds that the log lacks (a crash came between the two writes) are appended now. */
  #appendPendingAudit(): void {
    this.#appended = this.#audit.repair();
    this.#appendAudit();
  }

  get #now(): number {
    return this.#options.clock.now();
  }

  /** Writes the state (one write for every change made before it starts) and resolves once this change is on disk. */
  #commit(): Promise<void> {
    const mine = ++this.#version;
    const next = this.#chain.then(() => this.#persist(mine));
    this.#chain = next.catch(() => undefined);
    return next;
  }

  #persist(mine: number): void {
    if (mine <= this.#lostUpTo) throw this.#unavailable();
    if (mine <= this.#durable) return;
    const version = this.#version;
    this.#prune();
    try {
      writeFileAtomic(this.#statePath, JSON.stringify(this.#state));
    } catch (error) {
      this.#lastFailure = error;
      this.#lostUpTo = this.#version;
      this.#lastCosts = undefined; // it may hold a cost of a change being undone: read the log again when asked
      try {
        this.#state = this.#load();
      } catch {
        // The disk cannot be read either: the next write tries again with what memory holds.
      }
      throw this.#unavailable(error);
    }
    this.#durable = version;
    try {
      this.#appendAudit();
    } catch {
      // They stay pending in the state (already on disk) and are appended after the next write.
    }
  }

  /** Appends the pending entries the log lacks (by id: a state read back may list some already appended). */
  #appendAudit(): void {
    const missing = this.#state.pendingAudit.filter((entry) => entry.id > this.#appended);
    this.#audit.append(missing);
    if (missing.length > 0) this.#appended = missing[missing.length - 1]!.id;
    this.#state.pendingAudit = [];
  }

  #unavailable(cause: unknown = this.#lastFailure): GatewayStoreUnavailableError {
    // Not `instanceof Error`: errors made by Node's own modules may come from another realm (a test sandbox).
    const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
    const text = typeof code === "string" ? code : typeof message === "string" ? message : undefined;
    const reason = text === undefined ? "" : ` (${text})`;
    return new GatewayStoreUnavailableError(`The gateway could not save its state${reason}; try again shortly.`, {
      cause,
    });
  }

  #prune(): void {
    if (!this.#options.maintenance) return;
    const now = this.#now;
    if (now - this.#lastPrune < 3600_000) return;
    this.#lastPrune = now;
    const s = this.#state;
    for (const [id, owner] of Object.entries(s.executions))
      if (now - owner.startedAt > KEEP_MS) delete s.executions[id];
    for (const [id, c] of Object.entries(s.counters))
      if (c.reserved === 0 && now - c.touchedAt > COUNTER_IDLE_MS) delete s.counters[id];
    for (const [id, r] of Object.entries(s.reservations))
      if (r.state === "expired" && now - r.expiresAt > KEEP_EXPIRED_MS) delete s.reservations[id];
  }

  #check(): void {
    if (this.#closed) throw new GatewayStoreUnavailableError("The gateway store is closed.");
  }

  #record = (input: AuditInput): void => {
    const now = input.at ?? this.#now;
    const entry: AuditEntry = {
      id: ++this.#state.auditId,
      at: now,
      day: periodKeys(this.#state.team.timeZone, now).day,
      person: input.person,
      action: input.action,
      outcome: input.outcome,
      queryId: input.queryId ?? null,
      executionId: input.executionId ?? null,
      rows: input.rows ?? null,
      bytes: input.bytes ?? null,
      estimate: input.estimate ?? null,
      credits: input.credits ?? 0,
    };
    this.#state.pendingAudit.push(entry);
    this.#noteCost(entry);
  };

  #shown(name: string, stored: StoredPerson): Person {
    return {
      name,
      admin: stored.admin,
      createdAt: stored.createdAt,
      revokedAt: stored.revokedAt,
      budgets: { ...stored.budgets },
    };
  }

  #stored(name: string): StoredPerson {
    const stored = this.#state.people[personName(name)];
    if (!stored) throw unknownPerson(name);
    return stored;
  }

  async addPerson(input: NewPerson): Promise<IssuedToken> {
    this.#check();
    const name = personName(input.name);
    const budgets = { perDay: null, perMonth: null, ...checkedBudgets(input.budgets, `${name}'s`) } as Budgets;
    const existing = this.#state.people[name];
    if (existing && existing.revokedAt === null) {
      throw new GatewayInputError(
        "PERSON_EXISTS",
        `"${name}" already exists; \`users rotate ${name}\` gives a new token.`,
      );
    }
    const token = newToken();
    const stored: StoredPerson = {
      admin: input.admin ?? false,
      createdAt: existing?.createdAt ?? this.#now,
      revokedAt: null,
      budgets,
      tokenHash: tokenHash(token),
    };
    this.#state.people[name] = stored;
    await this.#commit();
    return { person: this.#shown(name, stored), token };
  }

  async listPeople(): Promise<Person[]> {
    this.#check();
    return Object.entries(this.#state.people)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, stored]) => this.#shown(name, stored));
  }

  async person(name: string): Promise<Person | undefined> {
    this.#check();
    const stored = this.#state.people[personName(name)];
    return stored && this.#shown(personName(name), stored);
  }

  async authenticate(token: string): Promise<Person | undefined> {
    this.#check();
    const hash = tokenHash(token);
    for (const [name, stored] of Object.entries(this.#state.people)) {
      if (stored.tokenHash === hash && stored.revokedAt === null) return this.#shown(name, stored);
    }
    return undefined;
  }

  async revokePerson(name: string): Promise<Person> {
    this.#check();
    const stored = this.#stored(name);
    if (stored.revokedAt === null) {
      stored.revokedAt = this.#now;
      stored.tokenHash = null;
      await this.#commit();
    }
    return this.#shown(personName(name), stored);
  }

  async rotateToken(name: string): Promise<IssuedToken> {
    this.#check();
    const stored = this.#stored(name);
    if (stored.revokedAt !== null) throw revokedError(personName(name));
    const token = newToken();
    stored.tokenHash = tokenHash(token);
    await this.#commit();
    return { person: this.#shown(personName(name), stored), token };
  }

  async setPersonBudgets(name: string, budgets: Partial<Budgets>): Promise<Person> {
    this.#check();
    const stored = this.#stored(name);
    stored.budgets = { ...stored.budgets, ...checkedBudgets(budgets, `${personName(name)}'s`) };
    await this.#commit();
    return this.#shown(personName(name), stored);
  }

  async teamSettings(): Promise<TeamSettings> {
    this.#check();
    return { ...this.#state.team };
  }

  async setTeamSettings(settings: Partial<TeamSettings>): Promise<TeamSettings> {
    this.#check();
    const zone = settings.timeZone === undefined ? {} : { timeZone: timeZone(settings.timeZone) };
    this.#state.team = { ...this.#state.team, ...checkedBudgets(settings, "The team's"), ...zone };
    await this.#commit();
    return { ...this.#state.team };
  }

  #sweep(): void {
    if (!this.#options.maintenance) return;
    const now = this.#now;
    if (now - this.#lastSweep < EXPIRY_SWEEP_INTERVAL_MS) return;
    this.#lastSweep = now;
    expireIn(this.#state, now, this.#record);
  }

  async reserve(request: ReservationRequest): Promise<ReserveResult> {
    this.#check();
    const checked = {
      ...request,
      person: personName(request.person),
      estimate: creditsAmount("The estimate", request.estimate),
    };
    this.#sweep();
    const result = reserveIn(this.#state, checked, this.#now, this.#options.reservationTtlMs, this.#record);
    await this.#commit();
    return result;
  }

  async reconcile(reservationId: string, settlement: Settlement): Promise<void> {
    this.#check();
    const credits = creditsAmount("The cost", settlement.credits);
    reconcileIn(this.#state, reservationId, { ...settlement, credits }, this.#now, this.#record);
    await this.#commit();
  }

  async release(reservationId: string, release: Release = {}): Promise<void> {
    this.#check();
    releaseIn(this.#state, reservationId, release, this.#now, this.#record);
    await this.#commit();
  }

  async expireReservations(): Promise<number> {
    this.#check();
    this.#lastSweep = this.#now;
    const expired = expireIn(this.#state, this.#now, this.#record);
    if (expired > 0) await this.#commit();
    return expired;
  }

  async budgetStatus(name: string) {
    this.#check();
    this.#sweep();
    if (this.#state.pendingAudit.length > 0) await this.#commit();
    return statusIn(this.#state, personName(name), this.#now);
  }

  async recordExecution(owner: ExecutionOwner): Promise<void> {
    this.#check();
    if (this.#state.executions[owner.executionId]) return;
    this.#state.executions[owner.executionId] = {
      ...owner,
      person: personName(owner.person),
      reservationId: owner.reservationId ?? null,
    };
    await this.#commit();
  }

  async executionOwner(executionId: string): Promise<(ExecutionOwner & { reservationId: string | null }) | undefined> {
    this.#check();
    const owner = this.#state.executions[executionId];
    return owner && { ...owner, reservationId: owner.reservationId ?? null };
  }

  async lastExecutionCost(queryId: number): Promise<number | undefined> {
    this.#check();
    if (this.#lastCosts === undefined) {
      await this.#chain;
      this.#lastCosts = new Map();
      const pending = this.#state.pendingAudit.filter((entry) => entry.id > this.#appended);
      for (const entry of [...this.#audit.read(), ...pending]) this.#noteCost(entry);
    }
    return this.#lastCosts.get(queryId);
  }

  /** Keeps the last reported cost per query, once `lastExecutionCost` has read the log. */
  #noteCost(entry: AuditEntry): void {
    if (entry.action === "execute" && entry.outcome === "ok" && entry.queryId !== null) {
      this.#lastCosts?.set(entry.queryId, entry.credits);
    }
  }

  async audit(entry: AuditInput): Promise<void> {
    this.#check();
    this.#record({ ...entry, person: personName(entry.person) });
    await this.#commit();
  }

  async auditAll(entries: readonly AuditInput[]): Promise<void> {
    this.#check();
    if (entries.length === 0) return;
    for (const entry of entries) this.#record({ ...entry, person: personName(entry.person) });
    await this.#commit();
  }

  async auditEntries(range: TimeRange): Promise<AuditEntry[]> {
    this.#check();
    await this.#chain;
    const pending = this.#state.pendingAudit.filter((entry) => entry.id > this.#appended);
    return [...this.#audit.read(), ...pending].filter((e) => e.at >= range.from && e.at < range.to);
  }

  async auditTotals(range: TimeRange) {
    return auditTotalsOf(await this.auditEntries(range));
  }

  async acquire(person: string, pacingClass: PacingClass): Promise<PacingDecision> {
    this.#check();
    const limit = this.#options.pacingLimits[pacingClass];
    if (limit === undefined) return { ok: true };
    const now = this.#now;
    const windowMs = this.#options.pacingWindowMs;
    const grants = (this.#grants.get(pacingClass) ?? []).filter((grant) => grant.at > now - windowMs);
    const name = personName(person);
    const ruling = pacingRuling({ person: name, now, limit, windowMs, grants });
    if (ruling.ok) grants.push({ person: name, at: now });
    this.#grants.set(pacingClass, grants);
    return ruling;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#chain;
    this.#unlock();
  }
}
