import { addCredits, readCredits } from "../../billing";
import type { Clock } from "../../clock";
import type { Caller } from "../auth/keys";
import { apiError } from "../errors";
import { periodAt, type BillingPeriod } from "./billing-periods";
import type { ReadLedger } from "./read-ledger";

/** Where executions' credits come from: the runs' own records. */
export interface ExecutionCharges {
  executionCredits(keyId: string, from: number, to: number): number;
}

/**
 * What a key spends, priced by the cost model (`src/billing`): reads by the bytes of the response body as sent,
 * before compression (`readCredits` on the key's plan, the same rule the add-in counts by), executions by their tier.
 * A key's limit (`credits` in the keys file) holds per billing cycle, reads included; its per-request cap
 * (`max_credits_per_request`) holds for each read unless the request lifts the guard.
 */
export class KeyBilling {
  constructor(
    private readonly ledger: ReadLedger,
    private readonly executions: ExecutionCharges,
    private readonly clock: Clock,
  ) {}

  /** Credits the key spent in the period (the one in force when not given): executions and reads. */
  spent(caller: Caller, period: BillingPeriod = periodAt(this.clock.now())): number {
    const runs = this.executions.executionCredits(caller.keyId, period.start, period.end);
    return addCredits(runs, this.ledger.spent(caller.keyId, period.id));
  }

  /**
   * A read begins only while the key has credits left in this cycle (a 402 otherwise). The read that crosses the
   * limit is served whole and billed, as the real service bills a read after it: the next one is refused.
   */
  checkRead(caller: Caller): void {
    if (caller.credits !== undefined && this.spent(caller) >= caller.credits) throw apiError("credit_limit");
  }

  /** Whether the key's reads are capped per request for this request (a cap, and the guard not lifted). */
  capped(caller: Caller, guardLifted: boolean): boolean {
    return caller.maxCreditsPerRequest !== undefined && !guardLifted;
  }

  /**
   * What a response body of `bytes` costs the caller, refused (402, per request) when over the key's cap and the
   * request did not lift the guard. Nothing is charged by pricing.
   */
  priceRead(caller: Caller, bytes: number, guardLifted: boolean): number {
    const credits = readCredits(bytes, caller.plan);
    if (this.capped(caller, guardLifted) && credits > (caller.maxCreditsPerRequest as number)) {
      throw apiError("credit_limit_per_request");
    }
    return credits;
  }

  /** Books a read's credits against the key's cycle in force. */
  charge(caller: Caller, credits: number): void {
    this.ledger.add(caller.keyId, periodAt(this.clock.now()).id, credits);
  }
}
