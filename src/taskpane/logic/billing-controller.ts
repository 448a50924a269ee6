import { type Plan, billingPlan, describePlan, formatCredits } from "../../billing";
import { checkCap } from "../../session";
import type { PaneSession } from "./deps";
import { paneMessage } from "./messages";
import { Store } from "./store";

export interface BillingState {
  plan: Plan;
  /** Enterprise's contract rate, as typed (credits per MB). */
  creditsPerMb: string;
  /** The default cap per request, as typed (credits). */
  maxCredits: string;
  message: string;
}

/**
 * The user's plan (it prices every read: credits per MB exported) and the default cap per request (what one formula
 * or insert may spend unless it says otherwise), chosen in Account and kept per user. Unknown counts as Free, the
 * dearest published rate.
 */
export class BillingController {
  readonly store: Store<BillingState>;

  constructor(private readonly deps: { session: Pick<PaneSession, "billing"> }) {
    const s = deps.session.billing.settings;
    this.store = new Store<BillingState>({
      plan: s.plan.plan,
      creditsPerMb: s.plan.plan === "enterprise" ? String(s.plan.creditsPerMb) : "",
      maxCredits: String(s.maxCredits),
      message: "",
    });
    deps.session.billing.onChange((settings) =>
      this.store.set({
        plan: settings.plan.plan,
        creditsPerMb: settings.plan.plan === "enterprise" ? String(settings.plan.creditsPerMb) : "",
        maxCredits: String(settings.maxCredits),
      }),
    );
  }

  async save(input: { plan: Plan; creditsPerMb: string; maxCredits: string }): Promise<void> {
    try {
      if (input.plan === "enterprise") checkCap(input.creditsPerMb, "Your contract's credits per MB");
      const plan = billingPlan(input.plan, input.creditsPerMb);
      const maxCredits = checkCap(input.maxCredits);
      await this.deps.session.billing.set({ plan, maxCredits });
      this.store.set({
        message: `Saved: reads priced on ${describePlan(plan)}; one formula or insert may spend ${formatCredits(maxCredits)} unless it says otherwise.`,
      });
    } catch (error) {
      this.store.set({ message: paneMessage(error) });
    }
  }
}
