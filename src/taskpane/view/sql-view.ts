import type { PerformanceChoice } from "../../billing";
import type { UploadedTable } from "../../client";
import { DEFAULT_TIER, TIER_CHOICES, tierLabel } from "../../service-cells";
import type { HistoryController } from "../logic/history-controller";
import type { InsertController, InsertOptions } from "../logic/insert-controller";
import { saveCsv } from "../logic/csv-download";
import { sqlNames } from "../logic/sql/sql-names";
import { previewTable } from "./preview-table";
import type { SqlRunController } from "../logic/sql/sql-run";
import { act } from "./act";
import { field, h, replaceChildren, setVisible } from "./dom";
import type { SqlEditor } from "./sql-editor";

export interface SqlViewDeps {
  sql: SqlRunController;
  insert: InsertController;
  options: InsertOptions;
  history: HistoryController;
  /** The user's uploaded tables, for completion (none when the service cannot list them). */
  uploads: () => Promise<readonly UploadedTable[]>;
}

const EDITOR_LABEL = "SQL";

/**
 * The SQL tab: an editor (CodeMirror, loaded on first show; a plain text box until then or where it cannot load),
 * the tier, Price (nothing is sent) then Run at that price, the run's progress with Cancel, and the result to insert
 * or download. An engine's error marks the place it names in the text.
 */
export function sqlView(
  doc: Document,
  deps: SqlViewDeps,
): { element: HTMLElement; show(): void; useName(name: string): void } {
  const { sql } = deps;
  const host = h(doc, "div", { class: "svc-sql-editor" });
  const fallback = h(doc, "textarea", { rows: 8, spellcheck: false, "aria-label": EDITOR_LABEL });
  host.appendChild(fallback);
  let editor: SqlEditor | undefined;
  const text = (): string => editor?.text() ?? fallback.value;
  // An edit drops a price shown: the price is for the text it was given.
  const edited = (): void => sql.reset();
  fallback.addEventListener("input", edited);

  const tier = h(doc, "select", {}, ...TIER_CHOICES.map((t) => h(doc, "option", { value: t }, tierLabel(t))));
  tier.value = DEFAULT_TIER;
  const priceButton = h(doc, "button", { type: "button", class: "primary" }, "Price");
  const runButton = h(doc, "button", { type: "button", class: "primary" }, "Run");
  const cancelButton = h(doc, "button", { type: "button" }, "Cancel run");
  const status = h(doc, "div", { role: "status", "aria-live": "polite", class: "svc-status" });
  const results = h(doc, "div", { class: "svc-actions" });
  const preview = h(doc, "div", { class: "svc-preview", "aria-live": "polite" });

  priceButton.addEventListener("click", () => sql.price(text(), tier.value as PerformanceChoice));
  runButton.addEventListener(
    "click",
    act("running SQL", () => sql.run()),
  );
  cancelButton.addEventListener("click", () => sql.cancel());

  sql.store.subscribe((s) => {
    status.textContent = s.message;
    setVisible(runButton, s.phase === "priced");
    if (s.price) runButton.textContent = `Run (${s.price.label})`;
    setVisible(cancelButton, s.phase === "running" || s.phase === "cancelling");
    priceButton.disabled = s.phase === "running" || s.phase === "cancelling";
    if (s.phase === "failed" && s.errorAt) {
      status.textContent = `${s.message} (line ${s.errorAt.line}, column ${s.errorAt.column}, marked in the SQL)`;
      editor?.mark(s.errorAt);
    }
    const id = s.executionId;
    if (s.phase === "completed" && id) {
      replaceChildren(
        results,
        h(
          doc,
          "button",
          {
            type: "button",
            onclick: act("previewing a result", async () => {
              replaceChildren(preview, "Reading the first rows…");
              const shown = await deps.sql.preview();
              if (shown && deps.sql.store.state.executionId === id) replaceChildren(preview, previewTable(doc, shown));
            }),
          },
          "Preview",
        ),
        h(
          doc,
          "button",
          {
            type: "button",
            onclick: act("inserting a result", () =>
              deps.insert.insert(
                { kind: "execution", executionId: id, sql: s.sql, performance: s.performance },
                { ...deps.options },
              ),
            ),
          },
          "Insert result",
        ),
        h(
          doc,
          "button",
          {
            type: "button",
            onclick: act("downloading a CSV", () =>
              deps.history.exportCsv(id, {
                download: (fileName, parts) => saveCsv(doc, fileName, parts),
                newSheet: (source) =>
                  deps.insert.insert(source, { destination: "new-sheet", asTable: false, headers: true }),
              }),
            ),
          },
          "Download CSV",
        ),
      );
      refreshNames(s.columns ?? []);
    } else if (s.phase !== "completed") {
      replaceChildren(results);
      replaceChildren(preview);
    }
  });

  let lastColumns: readonly string[] = [];
  const refreshNames = (columns: readonly string[]): void => {
    lastColumns = columns;
    act("listing your tables", async () => {
      const uploads = await deps.uploads().catch(() => []);
      editor?.setNames(sqlNames(uploads, lastColumns));
    })();
  };

  let loading = false;
  /** The editor is loaded on first show: its code is a chunk of its own. */
  const show = (): void => {
    if (loading) return;
    loading = true;
    act("loading the SQL editor", async () => {
      try {
        const { createSqlEditor } = await import(/* webpackChunkName: "sql-editor" */ "./sql-editor");
        const start = fallback.value;
        fallback.remove();
        editor = createSqlEditor(host, EDITOR_LABEL, edited);
        if (start !== "") editor.setText(start);
        refreshNames(lastColumns);
      } catch {
        // The plain text box stays: SQL can still be written and run.
      }
    })();
  };

  const element = h(
    doc,
    "section",
    { class: "svc-sql" },
    field(
      doc,
      "SQL",
      host,
      "Tab moves to the next field (Ctrl-] indents). Ctrl-Space completes table and column names.",
    ),
    field(doc, "Performance tier", tier),
    h(doc, "div", { class: "svc-actions" }, priceButton, runButton, cancelButton),
    status,
    results,
    preview,
  );
  setVisible(runButton, false);
  setVisible(cancelButton, false);
  /** A table's name written where the cursor is ("Use in SQL"): in the editor, or the plain box until it loads. */
  const useName = (name: string): void => {
    if (editor) editor.insert(name);
    else {
      fallback.setRangeText(name, fallback.selectionStart, fallback.selectionEnd, "end");
      fallback.focus();
    }
    edited();
  };
  return { element, show, useName };
}
