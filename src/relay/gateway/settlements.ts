import { readCredits, reportedExecutionCredits, uploadCredits } from "../../billing";
import { GatewayInputError, type GatewayStore } from "../../team-store";
import type { GatewayConfig, Visit } from "./gateway";
import type { ResultSizes } from "./result-sizes";
import type { StoreRetry } from "./store-retry";

/** What a forwarded read came to. */
export interface ReadOutcome {
  status: number;
  /** Bytes of the body as the service sent it, uncompressed: what it bills (before the relay's link rewrite). */
  bytes: number;
  /** Whether the whole body passed (the caller stayed, the upstream finished). */
  complete: boolean;
  /** The caller left part-way; the upstream's whole body was still read and counted. */
  abandoned?: boolean;
  contentType: string;
  /** The JSON envelope's top-level `state`, when it was read. */
  state?: string;
  /** Where the next page starts, when the answer links one (so this page held the rows up to it). */
  nextOffset?: number;
}

/** States whose envelope carries a result, and so rows the service bills. */
const WITH_RESULT = new Set(["QUERY_STATE_COMPLETED", "QUERY_STATE_COMPLETED_PARTIAL"]);
/** Runs reconciled by this instance, remembered so that later polls of the same run cost no store call. */
const MAX_SETTLED = 10_000;

/**
 * Books what requests really cost once their answers are known: an execute's reservation stays open under its run
 * until a status reports the run's cost (on whichever instance sees it); a read is reconciled with the credits of
 * the bytes the service sent; a cancel is audited. Writes that find the store unavailable wait in `retry`: the
 * person was already served.
 */
export class Settlements {
  readonly #settled = new Set<string>();

  constructor(
    private readonly config: GatewayConfig,
    private readonly sizes: ResultSizes,
    private readonly retry: StoreRetry,
  ) {}

  get #store(): GatewayStore {
    return this.config.store;
  }

  /** An execute's answer: the run's owner and reservation recorded, or the reservation released if none started. */
  async executed(visit: Visit, status: number, body: unknown): Promise<void> {
    const reservation = visit.reservation!;
    const executionId = (body as { execution_id?: unknown } | null)?.execution_id;
    if (status === 200 && typeof executionId === "string" && executionId !== "") {
      this.sizes.noteQuery(executionId, visit.queryId);
      const owner = {
        executionId,
        person: visit.person.name,
        queryId: visit.queryId,
        startedAt: this.config.clock.now(),
        reservationId: reservation.id,
      };
      await this.retry.run("record a run's owner", () => this.#store.recordExecution(owner));
      return;
    }
    // A 200 without a run id may still have started one: its reservation is left to expire at its estimate.
    if (status === 200) return;
    await this.retry.run("release a refused execute", () => this.#store.release(reservation.id, { outcome: "failed" }));
  }

  /** A cancel's answer, audited (a cancel costs nothing itself; the run's status reports what it used). */
  async cancelled(visit: Visit, status: number): Promise<void> {
    const entry = {
      person: visit.person.name,
      action: "cancel" as const,
      outcome: status === 200 ? ("ok" as const) : ("failed" as const),
      queryId: visit.queryId,
      executionId: visit.executionId,
    };
    await this.retry.run("audit a cancel", () => this.#store.audit(entry));
  }

  /** A status's answer: sizes noted; a finished run's reported cost reconciles the reservation it was started under. */
  async status(visit: Visit, status: number, body: unknown): Promise<void> {
    const executionId = visit.executionId!;
    if (status !== 200 || typeof body !== "object" || body === null) return;
    this.sizes.noteStatus(executionId, body);
    const run = body as {
      is_execution_finished?: unknown;
      state?: unknown;
      result_metadata?: { total_row_count?: unknown };
    };
    const cost = reportedExecutionCredits(body as { execution_cost_credits?: unknown });
    // Without a reported cost the reservation stays, and is counted at its estimate when it expires.
    if (run.is_execution_finished !== true || cost === undefined || this.#settled.has(executionId)) return;
    const rows = run.result_metadata?.total_row_count;
    await this.retry.run("reconcile a run", async () => {
      const owner = await this.#store.executionOwner(executionId);
      const reservationId = owner?.reservationId;
      if (reservationId) {
        try {
          await this.#store.reconcile(reservationId, {
            credits: cost,
            executionId,
            queryId: owner.queryId,
            rows: typeof rows === "number" ? rows : null,
            outcome: typeof run.state === "string" && WITH_RESULT.has(run.state) ? "ok" : "failed",
          });
        } catch (error) {
          // Another poll (here or on another instance) reconciled it first.
          if (!(error instanceof GatewayInputError && error.code === "UNKNOWN_RESERVATION")) throw error;
        }
      }
      this.#remember(executionId);
    });
  }

  #remember(executionId: string): void {
    if (this.#settled.size >= MAX_SETTLED) this.#settled.clear();
    this.#settled.add(executionId);
  }

  /** A read's answer: reconciled with what its bytes cost on the team's plan, or released if it exported nothing. */
  async read(visit: Visit, outcome: ReadOutcome): Promise<void> {
    const reservation = visit.reservation!;
    const csv = outcome.contentType.includes("csv");
    // An envelope without a result (the run has none yet, or failed) exports no rows and is free, as an error is.
    const billed = outcome.status === 200 && (csv || outcome.state === undefined || WITH_RESULT.has(outcome.state));
    const rows = outcome.nextOffset !== undefined ? outcome.nextOffset - visit.offset : undefined;
    if (billed && outcome.complete && rows !== undefined && rows > 0) {
      this.sizes.notePage(visit.source, outcome.bytes, rows);
    }
    const ids = { executionId: visit.executionId, queryId: visit.queryId };
    if (!billed) {
      const release = { executionId: visit.executionId, outcome: outcome.status === 200 ? "ok" : "failed" } as const;
      await this.retry.run("release a read", () => this.#store.release(reservation.id, release));
      return;
    }
    const counted = Number.isFinite(outcome.bytes);
    const settlement = {
      ...ids,
      // A body that could not be counted (an upstream compressing in a way the relay cannot decode) at its estimate.
      credits: counted ? readCredits(outcome.bytes, this.config.plan) : reservation.estimate,
      bytes: counted ? outcome.bytes : null,
      rows: rows !== undefined && rows > 0 ? rows : null,
      outcome: outcome.complete ? ("ok" as const) : outcome.abandoned ? ("abandoned" as const) : ("failed" as const),
    };
    const cap = this.config.readCap;
    if (visit.capped && cap !== undefined && settlement.credits > cap) {
      // The service billed a read over the cap it should have refused it at: the bound the docs state does not hold.
      this.config.log(
        JSON.stringify({
          gateway: "read above the per-request cap",
          credits: settlement.credits,
          cap,
          advice: "set the team key's per-request limit in the service's settings to --max-credits-per-request",
        }),
      );
    }
    await this.retry.run("reconcile a read", () => this.#store.reconcile(reservation.id, settlement));
  }

  /**
   * An upload's answer: an insert is reconciled with the bytes the service says it wrote (`bytes_written`, what it
   * bills); a creation or a CSV upload, whose answers say no size, at its estimate (the same price on the bytes
   * sent); a refusal wrote nothing and is released.
   */
  async uploaded(visit: Visit, status: number, body: unknown): Promise<void> {
    const reservation = visit.reservation!;
    if (status !== 200) {
      await this.retry.run("release a refused upload", () =>
        this.#store.release(reservation.id, { outcome: "failed" }),
      );
      return;
    }
    const answer = body as { bytes_written?: unknown; rows_written?: unknown } | null;
    const count = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : null);
    const bytes = count(answer?.bytes_written);
    const rows = count(answer?.rows_written);
    const settlement = { credits: bytes === null ? reservation.estimate : uploadCredits(bytes), bytes, rows };
    await this.retry.run("reconcile an upload", () => this.#store.reconcile(reservation.id, settlement));
  }

  /**
   * The upstream never answered: a read is released; an execute's run may have started, and an upload may have
   * written, so either is left to expire at its estimate.
   */
  async unanswered(visit: Visit): Promise<void> {
    if (!visit.reservation || visit.route.kind === "execute" || visit.route.kind === "upload") return;
    const id = visit.reservation.id;
    await this.retry.run("release an unanswered read", () => this.#store.release(id, { outcome: "failed" }));
  }
}
