import type { PerformanceChoice } from "../../billing";
import { DEFAULT_TIER, TIER_CHOICES, formatDuration, tierLabel } from "../../service-cells";
import type { InsertController, InsertOptions } from "../logic/insert-controller";
import { act } from "./act";
import { ParameterRows, toQueryParameters } from "../logic/query-parameters";
import type { RunController } from "../logic/run-controller";
import { count, field, h, setVisible } from "./dom";
import { insertOptionsView } from "./insert-options-view";
import type { QueryFormController } from "../logic/query-form";
import { paramsForm } from "./params-form";

/** How long typing in the query id box pauses before the query is read. */
const TYPING_PAUSE_MS = 400;

export interface QueryView {
  element: HTMLElement;
  /** Fills the form (History's "Run again"). */
  fill(queryId: number, parameters: Record<string, string | number | boolean>, performance: PerformanceChoice): void;
  /** Shows a query's form with its defaults, as typing its id does (the demo queries' list). */
  open(queryId: number): void;
}

/**
 * Run a saved query: id, then the query's own parameter form (or the free-form editor where the service does not
 * describe it), tier with its cost; live state; Cancel; Insert when finished.
 */
export function queryView(
  doc: Document,
  run: RunController,
  insert: InsertController,
  options: InsertOptions,
  form: QueryFormController,
): QueryView {
  const rows = new ParameterRows();
  const editor = paramsForm(doc, form, rows);
  const queryId = h(doc, "input", { type: "number", min: 1, step: 1, inputmode: "numeric", required: true });
  /** The id in the box, or undefined while it is not a query id. */
  const typedId = (): number | undefined => {
    const id = Number(queryId.value);
    return queryId.value.trim() !== "" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };
  // Another query id: that query's own parameters, never the last one's. Read once typing pauses (not on blur:
  // the form appearing under a pointer on its way to Run would move the button between press and release).
  let pause: ReturnType<typeof setTimeout> | undefined;
  /** The query id the free-form rows were written for: another id empties them. */
  let rowsFor: number | undefined;
  const forgetRows = (id: number | undefined): void => {
    if (id === rowsFor) return;
    rowsFor = id;
    rows.reset();
    editor.renderRows();
  };
  const showTyped = (): void => {
    clearTimeout(pause);
    pause = undefined;
    const id = typedId();
    forgetRows(id);
    const s = form.store.state;
    if (id !== undefined && "queryId" in s && s.queryId === id) return;
    if (id === undefined) form.clear();
    else act("reading a query's parameters", () => form.load(id))();
  };
  queryId.addEventListener("input", () => {
    forgetRows(typedId());
    clearTimeout(pause);
    pause = setTimeout(showTyped, TYPING_PAUSE_MS);
  });
  // Enter in the id box shows the query's form rather than running it: a run spends credits, and its parameters
  // should be seen first.
  queryId.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    showTyped();
  });
  const tier = h(doc, "select", {}, ...TIER_CHOICES.map((t) => h(doc, "option", { value: t }, tierLabel(t))));
  tier.value = DEFAULT_TIER;
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

  const formElement = h(
    doc,
    "form",
    { "aria-label": "Run a query", noValidate: true },
    field(doc, "Query ID", queryId),
    h(doc, "h2", {}, "Parameters"),
    editor.element,
    field(
      doc,
      "Performance tier",
      tier,
      "Each run spends credits on the tier chosen; Auto lets the service choose by your plan (estimated as medium).",
    ),
    formError,
    h(doc, "div", { class: "svc-actions" }, runButton),
  );
  let focusStatus = false;
  /** Run is disabled while the query runs: the focus goes to what answers it, the run's status. */
  const runAndShow = async (request: Parameters<typeof run.run>[0]): Promise<void> => {
    focusStatus = true;
    try {
      await run.run(request);
    } finally {
      focusStatus = false;
    }
  };
  const submit = async (): Promise<void> => {
    clearTimeout(pause);
    formError.textContent = "";
    const id = typedId();
    if (id === undefined) {
      formError.textContent = "Enter the query's ID: a whole number, as in the query's URL.";
      return queryId.focus();
    }
    let s = form.store.state;
    // Run pressed before the query was read (the id typed, then Run): read it now; its defaults are what runs.
    if (!("queryId" in s) || s.queryId !== id || s.phase === "loading") {
      forgetRows(id);
      s = await form.load(id);
    }
    const performance = tier.value as PerformanceChoice;
    if (s.phase === "form") {
      const parsed = form.parameters()!;
      if (!parsed.ok) {
        formError.textContent = parsed.message;
        return editor.focus(parsed.key);
      }
      return runAndShow({
        queryId: id,
        parameters: parsed.parameters,
        performance,
        sameRunAs: parsed.changed,
      });
    }
    const parsed = toQueryParameters(rows.rows);
    if (!parsed.ok) {
      formError.textContent = parsed.message;
      return editor.focusRow(parsed.rowId);
    }
    await runAndShow({ queryId: id, parameters: parsed.parameters, performance });
  };
  formElement.addEventListener("submit", (e) => {
    e.preventDefault();
    act("running a query", submit)();
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
    message.className = s.phase === "failed" ? "svc-error" : s.waitingForSlot ? "svc-warning" : "";
    execution.textContent = s.executionId ?? "";
    state.textContent = s.waitingForSlot
      ? "waiting: too many executions in progress"
      : (s.serverState ?? "")
          .replace(/^QUERY_STATE_/, "")
          .toLowerCase()
          .replace(/_/g, " ");
    setVisible(queueTerm, s.queuePosition !== undefined);
    setVisible(queue, s.queuePosition !== undefined);
    queue.textContent = s.queuePosition === undefined ? "" : count(s.queuePosition);
    elapsed.textContent = formatDuration(s.elapsedMs);
    setVisible(cancel, live);
    cancel.disabled = s.phase === "cancelling";
    setVisible(insertBox, s.phase === "completed");
  });
  insert.store.subscribe((s) => (insertButton.disabled = s.phase === "preparing" || s.phase === "writing"));

  return {
    element: h(doc, "div", {}, formElement, status, insertBox),
    fill(id, parameters, performance) {
      queryId.value = String(id);
      clearTimeout(pause);
      rowsFor = id;
      rows.reset(parameters);
      editor.renderRows();
      act("reading a query's parameters", () => form.load(id, parameters))();
      tier.value = performance;
      queryId.focus();
    },
    open(id) {
      queryId.value = String(id);
      showTyped();
      queryId.focus();
    },
  };
}
