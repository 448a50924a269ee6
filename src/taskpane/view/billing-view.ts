import { PLANS, PLAN_LABELS, type Plan } from "../../billing";
import type { BillingController } from "../logic/billing-controller";
import { act } from "./act";
import { field, h, setVisible } from "./dom";

/** Account's plan and cap per request: what prices every read, and what one formula or insert may spend. */
export function billingView(doc: Document, billing: BillingController): HTMLElement {
  const plan = h(doc, "select", {}, ...PLANS.map((p) => h(doc, "option", { value: p }, PLAN_LABELS[p])));
  const rate = h(doc, "input", { type: "number", min: 0, step: "any", inputmode: "decimal" });
  const rateField = field(doc, "Credits per MB (your contract)", rate);
  const cap = h(doc, "input", { type: "number", min: 0, step: "any", inputmode: "decimal" });
  const message = h(doc, "p", { class: "svc-hint", role: "status", "aria-live": "polite" });
  const save = h(doc, "button", { type: "submit" }, "Save plan");
  plan.addEventListener("change", () => setVisible(rateField, plan.value === "enterprise"));
  const form = h(
    doc,
    "form",
    { "aria-label": "Plan and limits" },
    h(doc, "h2", {}, "Plan and limits"),
    field(
      doc,
      "Your plan",
      plan,
      "Reads cost credits by the size exported: 20 per MB on Free, 10 on Analyst, 2 on Plus, your contract's on Enterprise. Not set: Free.",
    ),
    rateField,
    field(
      doc,
      "Cap per request (credits)",
      cap,
      'One formula or insert whose cost would pass this does not fetch and says so; a cell may set its own with "max_credits=".',
    ),
    h(doc, "div", { class: "svc-actions" }, save),
    message,
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    act("saving the plan", () =>
      billing.save({ plan: plan.value as Plan, creditsPerMb: rate.value, maxCredits: cap.value }),
    )();
  });
  billing.store.subscribe((s) => {
    if (doc.activeElement !== plan) plan.value = s.plan;
    if (doc.activeElement !== rate) rate.value = s.creditsPerMb;
    if (doc.activeElement !== cap) cap.value = s.maxCredits;
    setVisible(rateField, plan.value === "enterprise");
    message.textContent = s.message;
  });
  return form;
}
