/**
 * What the gateway keeps, behind one interface with two implementations: a file store for a single instance and
 * PostgreSQL for several. Credits are numbers kept to hundredths (the cost model's arithmetic); times are
 * milliseconds since the epoch, read from the store's injected clock. Every method may reject with a
 * `GatewayStoreUnavailableError` (the relay answers it with 503, never a free pass); input errors are
 * `GatewayInputError`s with a message for the admin or the person.
 */

/** Credits per day and per month; null: no limit of that kind. */
export interface Budgets {
  perDay: number | null;
  perMonth: number | null;
}

export interface Person {
  name: string;
  admin: boolean;
  createdAt: number;
  /** When the person was revoked; their token is refused from then on. */
  revokedAt: number | null;
  budgets: Budgets;
}

/** A person with a token just issued: the only time the token exists outside the person's hands. */
export interface IssuedToken {
  person: Person;
  token: string;
}

export interface NewPerson {
  name: string;
  admin?: boolean;
  budgets: Budgets;
}

/** The team's budgets and the time zone whose days and months they count in. */
export interface TeamSettings extends Budgets {
  /** An IANA zone ("UTC", "Europe/Paris"): a day and a month start at midnight there. */
  timeZone: string;
}

export type BudgetName = "person-day" | "person-month" | "team-day" | "team-month";

/** What spends credits through the gateway. */
/** An upload (a table created, rows inserted) spends by the bytes it writes. */
export type SpendingAction = "execute" | "read" | "upload";
export type AuditAction = SpendingAction | "cancel";

/**
 * How a request ended. `ok`: answered and counted; `failed`: the service answered an error (counted at what it
 * reported, often 0), or cut its answer short (counted at what it sent); `abandoned`: a read the person left
 * part-way, read from the service to its end and booked at the whole page it sent (what the service can bill for it,
 * though only part reached the person); `refused-budget`: refused by the gateway before it reached the service; `forbidden`: a cancel
 * of someone else's run; `cached`: a read the relay answered from its cache (nothing reached the service, 0 credits);
 * `expired`: a reservation never reconciled, counted at its estimate; `late-reconciled`: the correction of an expired
 * reservation reconciled afterwards (its credits are the difference, possibly negative).
 */
export type AuditOutcome =
  "ok" | "failed" | "abandoned" | "refused-budget" | "forbidden" | "cached" | "expired" | "late-reconciled";

export interface ReservationRequest {
  person: string;
  action: SpendingAction;
  /** Estimated credits (the cost model's estimate, rounded up to the hundredth). */
  estimate: number;
  queryId?: number | null;
  executionId?: string | null;
}

export interface Reservation {
  id: string;
  person: string;
  action: SpendingAction;
  estimate: number;
  queryId: number | null;
  executionId: string | null;
  createdAt: number;
  /** After this, a reservation not reconciled is counted at its estimate and audited as `expired`. */
  expiresAt: number;
}

/** Why a reservation did not fit: the budget, where it stands, and when it resets. */
export interface BudgetRefusal {
  budget: BudgetName;
  limit: number;
  spent: number;
  reserved: number;
  estimate: number;
  resetsAt: number;
  /** One sentence for the person: the budget, its use, when it resets. */
  message: string;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; refusal: BudgetRefusal };

/** What a request really cost, once the service said so. */
export interface Settlement {
  credits: number;
  rows?: number | null;
  bytes?: number | null;
  executionId?: string | null;
  queryId?: number | null;
  /** `ok` unless given. */
  outcome?: "ok" | "failed" | "abandoned";
}

/** A request that ended without costing anything (the service refused it, the caller went away before it left). */
export interface Release {
  executionId?: string | null;
  outcome?: "ok" | "failed";
}

export interface AuditInput {
  /** When it happened (ms since the epoch): now unless given, as for an entry written in a later batch. */
  at?: number;
  person: string;
  action: AuditAction;
  outcome: AuditOutcome;
  queryId?: number | null;
  executionId?: string | null;
  rows?: number | null;
  bytes?: number | null;
  estimate?: number | null;
  credits?: number;
}

export interface AuditEntry {
  id: number;
  at: number;
  /** The day it counts in, in the team's zone when it was written ("2026-03-01"). */
  day: string;
  person: string;
  action: AuditAction;
  outcome: AuditOutcome;
  queryId: number | null;
  executionId: string | null;
  rows: number | null;
  bytes: number | null;
  estimate: number | null;
  credits: number;
}

/** A half-open range of times, [from, to). */
export interface TimeRange {
  from: number;
  to: number;
}

export interface AuditSums {
  requests: number;
  credits: number;
  rows: number;
  bytes: number;
}

export interface AuditTotals {
  total: AuditSums;
  perPerson: (AuditSums & { person: string })[];
  perQuery: (AuditSums & { queryId: number | null })[];
  perDay: (AuditSums & { day: string })[];
}

/** One budget's standing in the current period. */
export interface BudgetUse {
  limit: number | null;
  spent: number;
  reserved: number;
  /** What is left before the limit (0 when over it); null without a limit. */
  left: number | null;
  resetsAt: number;
}

export interface BudgetStatus {
  person: { day: BudgetUse; month: BudgetUse };
  team: { day: BudgetUse; month: BudgetUse };
  timeZone: string;
}

export interface ExecutionOwner {
  executionId: string;
  person: string;
  queryId: number | null;
  startedAt: number;
  /**
   * The reservation the run's estimate is held under, until a status reports its cost (on whichever instance sees
   * it); null when none is (a run recorded without one). Optional when recording.
   */
  reservationId?: string | null;
}

/**
 * The team key's rate-limit classes, as the service counts them apart: writes (its "low limit" endpoints: execute)
 * and reads (its "high limit" ones: results, status, cancel, and every other route the relay forwards).
 */
export type PacingClass = "read" | "write";

export type PacingDecision = { ok: true } | { ok: false; retryAfterMs: number };

export interface GatewayStore {
  /** "file" or "postgres", for the logs. */
  readonly kind: string;

  /** Adds a person with a new token, or gives a revoked one a new token and these budgets. */
  addPerson(input: NewPerson): Promise<IssuedToken>;
  listPeople(): Promise<Person[]>;
  person(name: string): Promise<Person | undefined>;
  /** The person the token belongs to, unless unknown or revoked. */
  authenticate(token: string): Promise<Person | undefined>;
  revokePerson(name: string): Promise<Person>;
  /** A new token for the person; the old one is refused from now on. */
  rotateToken(name: string): Promise<IssuedToken>;
  /** Changes the given budgets (a field left out stays as it is). */
  setPersonBudgets(name: string, budgets: Partial<Budgets>): Promise<Person>;

  teamSettings(): Promise<TeamSettings>;
  setTeamSettings(settings: Partial<TeamSettings>): Promise<TeamSettings>;

  /** Reserves the estimate against the person's and the team's budgets, all or nothing, atomically. */
  reserve(request: ReservationRequest): Promise<ReserveResult>;
  /** Books the actual cost in place of the estimate and audits the request. */
  reconcile(reservationId: string, settlement: Settlement): Promise<void>;
  /** Drops the reservation without spending, and audits the request at 0 credits. */
  release(reservationId: string, release?: Release): Promise<void>;
  /** Counts reservations past their expiry at their estimate (audited as `expired`); how many. */
  expireReservations(): Promise<number>;
  budgetStatus(person: string): Promise<BudgetStatus>;

  /** Records who started a run (the first record of a run stands). */
  recordExecution(owner: ExecutionOwner): Promise<void>;
  /** Who started the run, with its reservation id (null when none). */
  executionOwner(executionId: string): Promise<(ExecutionOwner & { reservationId: string | null }) | undefined>;
  /**
   * What the last run of the query cost as its status reported it (the last `execute` audited `ok`), for the next
   * run's estimate; undefined when none is known.
   */
  lastExecutionCost(queryId: number): Promise<number | undefined>;

  audit(entry: AuditInput): Promise<void>;
  /** Several entries in one write, each at its own time (`at`) and counted in that time's day. */
  auditAll(entries: readonly AuditInput[]): Promise<void>;
  auditEntries(range: TimeRange): Promise<AuditEntry[]>;
  auditTotals(range: TimeRange): Promise<AuditTotals>;

  /** Takes one upstream request of the class for the person, within the team's limit and the person's fair share. */
  acquire(person: string, pacingClass: PacingClass): Promise<PacingDecision>;

  close(): Promise<void>;
}
