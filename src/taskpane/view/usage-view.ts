import { addCredits, formatBytes } from "../../billing";
import type { UsageController, UsageState } from "../logic/usage-controller";
import { act } from "./act";
import { h, replaceChildren, when } from "./dom";

/** "12.34", "0", "1,234.5": credits to the hundredth. */
function credits(n: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

function budgetText(s: UsageState): string {
  const b = s.budget;
  if (!b) return "The workbook's automatic budget shows once the SERVICE functions are loaded.";
  const going =
    b.inFlight.reads + b.inFlight.executions === 0
      ? "nothing automatic is going"
      : `going now: ${b.inFlight.reads} read${b.inFlight.reads === 1 ? "" : "s"} and ${b.inFlight.executions} run${
          b.inFlight.executions === 1 ? "" : "s"
        }, ${credits(b.reserved)} credits held for their estimates; reads may pass theirs by ${credits(
          b.readErrorBound,
        )} at most, runs by what their compute costs over the estimate`;
  return (
    `Automatic budget today: ${credits(b.spentToday)} of ${credits(b.creditsPerDay)} credits spent ` +
    `(reads ${credits(b.spentReads)}, runs ${credits(b.spentExecutions)}); ${going}. ` +
    `Automatic work never spends more than the budget plus what the estimates going now are off by.`
  );
}

/**
 * Credits for reads and for executions, per session, per workbook (today, every day kept) and per day, against the
 * workbook's automatic budget; and the service's own count beside ours, where it offers its usage endpoint.
 */
export function usageView(doc: Document, usage: UsageController): HTMLElement {
  const th = (text: string, scope: "col" | "row") => h(doc, "th", { scope }, text);
  const body = h(doc, "tbody", {});
  const daysBody = h(doc, "tbody", {});
  const days = h(
    doc,
    "table",
    { class: "svc-usage", "aria-label": "This workbook by day" },
    h(
      doc,
      "thead",
      {},
      h(doc, "tr", {}, th("Day", "col"), th("Reads", "col"), th("Runs", "col"), th("Automatic", "col")),
    ),
    daysBody,
  );
  const budget = h(doc, "p", { class: "svc-hint", "aria-live": "polite" });
  const plan = h(doc, "p", { class: "svc-hint" });
  const service = h(doc, "p", { class: "svc-hint", "aria-live": "polite" });
  const check = h(
    doc,
    "button",
    { type: "button", class: "svc-link", onclick: act("reading the service's usage", () => usage.compare()) },
    "Compare with the service's count",
  );
  const row = (label: string, reads: number, runs: number, extra?: string) =>
    h(
      doc,
      "tr",
      {},
      th(label, "row"),
      h(doc, "td", {}, credits(addCredits(reads, runs))),
      h(doc, "td", {}, credits(reads)),
      h(doc, "td", {}, credits(runs)),
      h(doc, "td", {}, extra ?? ""),
    );

  usage.store.subscribe((s) => {
    const session = s.session;
    const rows = [
      row("This session", session.readCredits, session.executionCredits, `${formatBytes(session.readBytes)} read`),
    ];
    if (s.workbook) {
      rows.push(row("This workbook today", s.workbook.today.reads, s.workbook.today.executions));
      rows.push(
        row(
          `This workbook (${s.workbook.days.length} day${s.workbook.days.length === 1 ? "" : "s"})`,
          s.workbook.total.reads,
          s.workbook.total.executions,
        ),
      );
    }
    replaceChildren(body, ...rows);
    replaceChildren(
      daysBody,
      ...(s.workbook?.days ?? [])
        .slice(0, 14)
        .map(({ day, spending }) =>
          h(
            doc,
            "tr",
            {},
            th(day, "row"),
            h(doc, "td", {}, credits(spending.reads)),
            h(doc, "td", {}, credits(spending.executions)),
            h(doc, "td", {}, credits(addCredits(spending.automaticReads, spending.automaticExecutions))),
          ),
        ),
    );
    days.hidden = (s.workbook?.days.length ?? 0) === 0;
    budget.textContent = budgetText(s);
    plan.textContent = `Reads priced on your plan: ${s.plan}, as counted from each response's size (set your plan in Account). Kept for you, never in the workbook.`;
    const c = s.comparison;
    service.textContent = c
      ? `Since ${when(new Date(c.since).toISOString())}: the service counted ${credits(c.service)} credits, this session ${credits(
          c.ours,
        )}; difference ${credits(c.difference)}. ${s.comparisonMessage}`
      : s.comparisonMessage;
  });
  return h(
    doc,
    "section",
    { "aria-label": "Usage" },
    h(doc, "h2", {}, "Usage"),
    h(
      doc,
      "table",
      { class: "svc-usage" },
      h(
        doc,
        "thead",
        {},
        h(
          doc,
          "tr",
          {},
          h(doc, "td", {}),
          th("Credits", "col"),
          th("Reads", "col"),
          th("Runs", "col"),
          h(doc, "td", {}),
        ),
      ),
      body,
    ),
    budget,
    days,
    plan,
    service,
    check,
  );
}
