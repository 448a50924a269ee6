import type { BillingPlan } from "../../billing";
import type { Clock } from "../../clock";
import {
  GatewayInputError,
  GatewayStoreUnavailableError,
  isPersonalToken,
  type BudgetStatus,
  type GatewayStore,
  type PacingClass,
  type Person,
  type Reservation,
} from "../../team-store";
import type { ApiRoute } from "../api-routes";
import { readWholeNumber } from "../../canonical-params";
import { canonicalInput } from "./canonical-input";
import { estimateExecution, estimateUpload } from "./estimates";
import { capRead } from "./read-cap";
import { gatewayRefusals } from "./gateway-refusals";
import { ResultSizes, type ReadSource } from "./result-sizes";
import { learnSize, sizeKeyOf, type UpstreamGet } from "./size-probe";
import { Settlements, type ReadOutcome } from "./settlements";
import { AuditBatch } from "./audit-batch";
import { StoreRetry } from "./store-retry";
import type { TeamKey } from "./team-key";
import { usageReport, type UsageReport } from "./usage-report";

export interface GatewayConfig {
  store: GatewayStore;
  teamKey: TeamKey;
  /** The team key's plan: what a megabyte read costs. */
  plan: BillingPlan;
  /**
   * The per-request cap set on the team key at the service, in credits (see `capRead`): what bounds each read's
   * estimation error. Undefined: none is set, and reads are not bounded.
   */
  readCap?: number;
  /** The team key's requests a minute per class (null: not paced), as the store was opened with. */
  limits: Record<PacingClass, number | null>;
  clock: Clock;
  log: (line: string) => void;
}

/** One request let through to the service: who, what, and the reservation its estimate is held under. */
export interface Visit {
  person: Person;
  route: ApiRoute;
  queryId: number | null;
  executionId: string | null;
  reservation?: Reservation;
  /** A read's source (where what is learned of its pages' size is kept) and the offset it asked for. */
  source: string;
  offset: number;
  /** A read's parameters as they go upstream, when the gateway changed them (see `capRead`). */
  upstreamQuery?: ReadonlyMap<string, string>;
  /** A read sent under the team key's per-request cap. */
  capped?: boolean;
}

/**
 * The relay's gateway mode: the caller is a person (a personal token, checked against the store on every request,
 * so a revoked token is refused by every instance at its next request), the upstream sees only the team's key.
 * Before a request goes upstream: a cancel must be the run's owner's (or an admin's), the person's share of the
 * team's pace must allow it, and a spending request must fit the budgets at its estimate. A store that cannot be
 * reached refuses the request (503): never a free pass.
 */
export class Gateway {
  readonly sizes = new ResultSizes();
  readonly #retry: StoreRetry;
  readonly #audits: AuditBatch;
  readonly settle: Settlements;
  #upstream: UpstreamGet = () => Promise.reject(new Error("not connected"));

  constructor(readonly config: GatewayConfig) {
    this.#retry = new StoreRetry(config.clock, config.log);
    this.#audits = new AuditBatch(config.store, config.clock, this.#retry);
    this.settle = new Settlements(config, this.sizes, this.#retry);
  }

  get teamKey(): TeamKey {
    return this.config.teamKey;
  }

  /** How the gateway sends its own requests upstream (a run's status, a one-row read: see `learnSize`). */
  connect(upstream: UpstreamGet): void {
    this.#upstream = upstream;
  }

  /** The person a credential belongs to: a personal token, known and not revoked; anything else is a 401. */
  async person(credential: string | undefined): Promise<Person> {
    if (credential === undefined || !isPersonalToken(credential)) throw gatewayRefusals.notAPersonalToken();
    const person = await storeCall(() => this.config.store.authenticate(credential));
    if (!person) throw gatewayRefusals.notAPersonalToken();
    return person;
  }

  /** The person's budgets and what is left of them, the team's too. */
  budgets(person: Person): Promise<BudgetStatus> {
    return storeCall(() => this.config.store.budgetStatus(person.name));
  }

  /**
   * Lets a request through, or throws the refusal: a cancel of someone else's run (403), the person's share of the
   * pace used (429), a reservation that does not fit (402), the store unavailable (503).
   */
  async admit(
    person: Person,
    route: ApiRoute,
    path: string,
    params: Record<string, string>,
    query: ReadonlyMap<string, string>,
    body: Buffer | undefined,
    bodyBytes?: number,
  ): Promise<Visit> {
    // Before anything is held or sent: what the gateway prices must be what the service reads.
    const tier = canonicalInput(route, query, body);
    const executionId = params.execution_id ?? null;
    const visit: Visit = {
      person,
      route,
      executionId,
      queryId: params.query_id === undefined ? null : Number(params.query_id),
      source: `${person.name}|${sizeKeyOf(path, query)}`,
      offset: readWholeNumber(query.get("offset")) ?? 0,
    };
    const { store } = this.config;
    // A read of a run is audited under its query: known here from its execute or status, else from its owner.
    if (executionId !== null && route.kind === "read") {
      visit.queryId = this.sizes.queryOf(executionId) ?? (await this.#owner(executionId))?.queryId ?? null;
    }
    if (route.kind === "cancel") await this.#mayCancel(visit, executionId as string);
    const pacingClass: PacingClass = route.kind === "execute" || route.kind === "upload" ? "write" : "read";
    await this.pace(person, pacingClass);
    if (route.kind !== "execute" && route.kind !== "read" && route.kind !== "upload") return visit;
    const action = route.kind;
    const estimate =
      action === "execute"
        ? estimateExecution(
            tier,
            visit.queryId === null ? undefined : await storeCall(() => store.lastExecutionCost(visit.queryId!)),
          )
        : action === "upload"
          ? estimateUpload(body, bodyBytes)
          : await this.#readEstimate(visit, path, query);
    const reserved = await storeCall(() => store.reserve({ person: person.name, action, estimate, ...ids(visit) }));
    if (!reserved.ok) throw gatewayRefusals.budget(reserved.refusal);
    visit.reservation = reserved.reservation;
    return visit;
  }

  /** Takes one upstream request of the class from the person's share of the team's pace, or refuses (429). */
  async pace(person: Person, pacingClass: PacingClass): Promise<void> {
    const decision = await storeCall(() => this.config.store.acquire(person.name, pacingClass));
    if (!decision.ok) {
      throw gatewayRefusals.paced(pacingClass, this.config.limits[pacingClass] ?? 0, decision.retryAfterMs);
    }
  }

  /**
   * A read's reservation, once the size of what it pages through is known (learnt first when it is not), and the
   * parameters it goes upstream with (under the team key's cap, when there is one: see `capRead`).
   */
  async #readEstimate(visit: Visit, path: string, query: ReadonlyMap<string, string>): Promise<number> {
    const read: ReadSource = { source: visit.source, sizeKey: sizeKeyOf(path, query) };
    if (visit.executionId !== null) read.executionId = visit.executionId;
    if (visit.route.columns !== undefined) read.columns = visit.route.columns;
    const { clock, plan, store } = this.config;
    // A sample is sized too: its rows are the result's, so their average weight is what it costs.
    if (!this.sizes.sized(read, clock.now())) {
      // Learning the size is a request upstream of its own, paced like the read it is for.
      await this.pace(visit.person, "read");
      const deps = {
        store,
        sizes: this.sizes,
        retry: this.#retry,
        plan,
        upstream: this.#upstream,
        now: () => clock.now(),
      };
      await storeCall(() => learnSize(deps, visit.person, read, visit.queryId));
    }
    const capped = capRead(query, this.sizes.known(read, clock.now()), plan, this.config.readCap);
    if (capped.capped) {
      visit.upstreamQuery = capped.params;
      visit.capped = true;
    }
    return capped.reserve;
  }

  async #owner(executionId: string) {
    return storeCall(() => this.config.store.executionOwner(executionId));
  }

  /** Only the person who started a run (recorded from its execute's answer) or an admin may cancel it. */
  async #mayCancel(visit: Visit, executionId: string): Promise<void> {
    const owner = await this.#owner(executionId);
    visit.queryId = owner?.queryId ?? visit.queryId;
    if (visit.person.admin || owner?.person === visit.person.name) return;
    this.#audits.add({ person: visit.person.name, action: "cancel", outcome: "forbidden", ...ids(visit) });
    throw gatewayRefusals.notYourRun();
  }

  /** A read answered from the relay's cache: nothing reached the service; audited at 0 credits, in a batch. */
  cacheHit(person: Person, executionId: string, bytes: number): Promise<void> {
    const queryId = this.sizes.queryOf(executionId) ?? null;
    this.#audits.add({ person: person.name, action: "read", outcome: "cached", executionId, queryId, bytes });
    return Promise.resolve();
  }

  /** The admin's usage report for the range the query asks for. */
  async report(query: ReadonlyMap<string, string>): Promise<UsageReport> {
    // What this instance has batched is in the report it gives.
    await this.#audits.flush();
    return storeCall(() => usageReport(this.config.store, query, this.config.clock.now()));
  }

  /**
   * The audit entries still batched are written, and writes still waiting for the store are tried once more (the
   * store itself is closed by its owner).
   */
  async close(): Promise<void> {
    await this.#audits.flush();
    await this.#retry.close();
  }
}

export type { ReadOutcome };

function ids(visit: Visit): { queryId: number | null; executionId: string | null } {
  return { queryId: visit.queryId, executionId: visit.executionId };
}

/** A store call whose unavailability is the caller's 503 (nothing sent, nothing spent). */
async function storeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GatewayStoreUnavailableError) throw gatewayRefusals.storeUnavailable();
    // Revoked between the token's check and this call: refused as the next request would be.
    if (error instanceof GatewayInputError && error.code === "UNKNOWN_PERSON")
      throw gatewayRefusals.notAPersonalToken();
    throw error;
  }
}
