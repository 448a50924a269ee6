import { type BillingPlan, DEFAULT_MAX_CREDITS, billingPlan, roundUpCredits } from "../billing";
import { InvalidArgumentError } from "../client";
import type { StringItem } from "./user-storage";

/**
 * What the user told us of their account: the plan (it prices reads: credits per MB exported) and the most one
 * formula or insert may spend by default. Per user, in the user's storage beside the key: a plan is the person's,
 * never the workbook's. Nothing stored (or something unreadable) counts as Free, the dearest published rate, so an
 * estimate never comes out low.
 */
export interface UserBillingSettings {
  plan: BillingPlan;
  /** Credits one formula or insert may spend unless it says otherwise (`max_credits=`). */
  maxCredits: number;
}

export const USER_BILLING_ITEM = "service-addin.billing";

const DEFAULTS: UserBillingSettings = { plan: billingPlan(undefined), maxCredits: DEFAULT_MAX_CREDITS };

function parse(text: string | undefined): UserBillingSettings {
  if (text === undefined) return DEFAULTS;
  try {
    const stored = JSON.parse(text) as { plan?: unknown; creditsPerMb?: unknown; maxCredits?: unknown } | null;
    const cap = stored?.maxCredits;
    return {
      plan: billingPlan(stored?.plan, stored?.creditsPerMb),
      maxCredits: typeof cap === "number" && Number.isFinite(cap) && cap >= 0 ? cap : DEFAULT_MAX_CREDITS,
    };
  } catch {
    return DEFAULTS;
  }
}

/** A cap as typed: a number of credits, 0 or more, kept to the hundredth. */
export function checkCap(value: unknown, what = "The cap per request"): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
    throw new InvalidArgumentError(`${what} must be a number of credits, 0 or more; got "${String(value)}"`);
  }
  return roundUpCredits(n);
}

/** The user's plan and default cap, read once and written through. */
export class UserBilling {
  readonly #item: StringItem;
  readonly #listeners = new Set<(settings: UserBillingSettings) => void>();
  #settings: UserBillingSettings = DEFAULTS;
  #loaded: Promise<void> | undefined;

  constructor(item: StringItem) {
    this.#item = item;
  }

  /** What is in force now (the defaults until `load` has read the storage). */
  get settings(): UserBillingSettings {
    return this.#settings;
  }

  load(): Promise<void> {
    this.#loaded ??= this.#item.get().then(
      (text) => void (this.#settings = parse(text)),
      () => undefined,
    );
    return this.#loaded;
  }

  async set(settings: UserBillingSettings): Promise<void> {
    const plan = billingPlan(settings.plan.plan, settings.plan.creditsPerMb);
    this.#settings = { plan, maxCredits: checkCap(settings.maxCredits) };
    const stored: Record<string, unknown> = { plan: plan.plan, maxCredits: this.#settings.maxCredits };
    if (plan.plan === "enterprise") stored.creditsPerMb = plan.creditsPerMb;
    for (const listener of [...this.#listeners]) listener(this.#settings);
    await this.#item.set(JSON.stringify(stored));
  }

  onChange(listener: (settings: UserBillingSettings) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
