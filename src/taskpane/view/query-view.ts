import type { Performance } from "../../client";
import { PERFORMANCE_TIERS, tierLabel } from "../logic/credits";
import type { InsertController, InsertOptions } from "../logic/insert-controller";
import { act } from "./act";
import { ParameterRows, toQueryParameters } from "../logic/query-parameters";
import type { RunController } from "../logic/run-controller";
import { count, duration, field, h, setVisible } from "./dom";
import { insertOptionsView } from "./insert-options-view";
import { paramsEditor } from "./params-editor";

export interface QueryView {
  element: HTMLElement;
  /** Fills the form (History's "Run again"). */
  fill(queryId: number, parameters: Record<string, string | number | boolean>, performance: Performance): void;
}

/** Run a saved query: id, parameters, tier with its cost; live state; Cancel; Insert when finished. */
export function queryView(
  doc: Document,
  run: RunController,
  insert: InsertController,
  options: InsertOptions,
): QueryView {
  const rows = new ParameterRows();
  const editor = paramsEditor(doc, rows);
  const queryId = h(doc, "input", { type: "number", min: 1, step: 1, inputmode: "numeric", required: true });
  const tier = h(doc, "select", {}, ...PERFORMANCE_TIERS.map((t) => h(doc, "option", { value: t }, tierLabel(t))));
  const runButton = h(doc, "button", { type: "submit", class: "svc-primary" }, "Run");
  const formError = h(doc, "div", { class: "svc-error", role: "alert" });

  const state = h(doc, "dd", {});
  const execution = h(doc, "dd", { class: "svc-mono" });
  const queue = h(doc, "dd", {});
  const elapsed = h(doc, "dd", {});
  const queueTerm = h(doc, "dt", {}, "Queue position");
  const message = h(doc, "p", {});
  const cancel = h(doc, "button", { type: "button", onclick: () => run.cancel() }, "Cancel run");
  const details = h(
    doc,
    "dl",
    {},
    h(doc, "dt", {}, "Execution"),
    execution,
    h(doc, "dt", {}, "State"),
    state,
    queueTerm,
    queue,
    h(doc, "dt", {}, "Elapsed"),
    elapsed,
  );
  const status = h(
    doc,
    "section",
    { role: "status", "aria-live": "polite", "aria-label": "Run status", class: "svc-status", tabIndex: -1 },
    h(doc, "div", {}, message, details, h(doc, "div", { class: "svc-actions" }, cancel)),
  );

  const insertButton = h(doc, "button", { type: "button", class: "svc-primary" }, "Insert");
  const insertBox = h(
    doc,
    "section",
    { "aria-label": "Insert the result" },
    h(doc, "h2", {}, "Insert the result"),
    insertOptionsView(doc, options),
    h(doc, "div", { class: "svc-actions" }, insertButton),
  );
  insertButton.addEventListener("click", () => {
    const s = run.store.state;
    if (!s.executionId || !s.request) return;
    const source = {
      kind: "execution",
      executionId: s.executionId,
      queryId: s.request.queryId,
      parameters: s.request.parameters,
      performance: s.request.performance,
      partial: s.partial,
      expiresAt: s.expiresAt,
    } as const;
    act("inserting a result", () => insert.insert(source, { ...options }))();
  });

  const form = h(
    doc,
    "form",
    { "aria-label": "Run a query", noValidate: true },
    field(doc, "Query ID", queryId),
    h(doc, "h2", {}, "Parameters"),
    editor.element,
    field(doc, "Performance tier", tier, "Each run spends credits on the tier chosen."),
    formError,
    h(doc, "div", { class: "svc-actions" }, runButton),
  );
  let focusStatus = false;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    formError.textContent = "";
    const id = Number(queryId.value);
    if (!Number.isSafeInteger(id) || id <= 0) {
      formError.textContent = "Enter the query's ID: a whole number, as in the query's URL.";
      return queryId.focus();
    }
    const parsed = toQueryParameters(rows.rows);
    if (!parsed.ok) {
      formError.textContent = parsed.message;
      return editor.focusRow(parsed.rowId);
    }
    const request = { queryId: id, parameters: parsed.parameters, performance: tier.value as Performance };
    // Run is disabled while the query runs: the focus goes to what answers it, the run's status.
    focusStatus = true;
    act("running a query", () => run.run(request))();
  });

  run.store.subscribe((s) => {
    const live = s.phase === "starting" || s.phase === "running" || s.phase === "cancelling";
    runButton.disabled = live;
    runButton.textContent = live ? "Running…" : "Run";
    setVisible(status, s.phase !== "idle");
    if (focusStatus && s.phase !== "idle") {
      focusStatus = false;
      status.focus();
    }
    setVisible(details, s.executionId !== undefined);
    message.textContent = s.message;
    message.className = s.phase === "failed" ? "svc-error" : "";
    execution.textContent = s.executionId ?? "";
    state.textContent = (s.serverState ?? "")
      .replace(/^QUERY_STATE_/, "")
      .toLowerCase()
      .replace(/_/g, " ");
    setVisible(queueTerm, s.queuePosition !== undefined);
    setVisible(queue, s.queuePosition !== undefined);
    queue.textContent = s.queuePosition === undefined ? "" : count(s.queuePosition);
    elapsed.textContent = duration(s.elapsedMs);
    setVisible(cancel, live);
    cancel.disabled = s.phase === "cancelling";
    setVisible(insertBox, s.phase === "completed");
  });
  insert.store.subscribe((s) => (insertButton.disabled = s.phase === "preparing" || s.phase === "writing"));

  return {
    element: h(doc, "div", {}, form, status, insertBox),
    fill(id, parameters, performance) {
      queryId.value = String(id);
      rows.reset(parameters);
      editor.render();
      tier.value = performance;
      queryId.focus();
    },
  };
}
