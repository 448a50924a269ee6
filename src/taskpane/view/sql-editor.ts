import { sql, type SQLNamespace } from "@codemirror/lang-sql";
import { EditorView, basicSetup } from "codemirror";
import type { SqlName } from "../logic/sql/sql-names";
import type { SqlPosition } from "../logic/sql/sql-text";

/** The SQL editor the view drives: its text, the names it completes, and a place marked. */
export interface SqlEditor {
  text(): string;
  setText(text: string): void;
  /** Writes `text` where the cursor is (over what is selected), and puts the focus there. */
  insert(text: string): void;
  setNames(names: readonly SqlName[]): void;
  mark(at: SqlPosition): void;
  destroy(): void;
}

/**
 * CodeMirror 6 with its basic setup (highlighting, bracket matching, undo, search, completion) and the SQL language
 * completing the names given: `dune.demo.t` nests as SQL reads it. Tab is left unbound, CodeMirror's default, so Tab
 * moves focus out of the editor as in any field (https://codemirror.net/examples/tab/: no keyboard trap); indenting
 * is Ctrl-] and Ctrl-[. Loaded on first use, so the pane's first paint does not carry it.
 */
export function createSqlEditor(parent: HTMLElement, label: string, onChange: () => void): SqlEditor {
  let view: EditorView | undefined;
  const build = (doc: string, names: readonly SqlName[]): EditorView => {
    const language = sql({ schema: schemaOf(names), upperCaseKeywords: false });
    return new EditorView({
      doc,
      parent,
      extensions: [
        basicSetup,
        language,
        // lang-sql completes a table's columns only after its name; the last result's columns belong to no table,
        // so they are offered on their own wherever a word is being written.
        language.language.data.of({ autocomplete: lastResultColumns(names) }),
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange();
        }),
      ],
    });
  };
  view = build("", []);
  return {
    text: () => view?.state.doc.toString() ?? "",
    setText: (text) => view?.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    insert: (text) => {
      if (!view) return;
      view.dispatch(view.state.replaceSelection(text));
      view.focus();
    },
    // A new schema needs a new editor configuration: the text and cursor are carried over.
    setNames: (names) => {
      if (!view) return;
      const doc = view.state.doc.toString();
      const { anchor, head } = view.state.selection.main;
      const focused = view.hasFocus;
      view.destroy();
      view = build(doc, names);
      view.dispatch({ selection: { anchor, head } });
      if (focused) view.focus();
    },
    mark: (at) => {
      if (!view) return;
      const end = Math.min(view.state.doc.length, at.offset + 1);
      view.dispatch({ selection: { anchor: at.offset, head: end }, scrollIntoView: true });
      view.focus();
    },
    destroy: () => {
      view?.destroy();
      view = undefined;
    },
  };
}

/** The names as lang-sql's schema: tables (dotted names nested) with their columns. */
function schemaOf(names: readonly SqlName[]): SQLNamespace {
  const root: Record<string, SQLNamespace> = {};
  for (const n of names) {
    if (n.kind !== "table") continue;
    const parts = n.label.split(".");
    let level = root;
    for (const part of parts.slice(0, -1)) {
      const next = level[part];
      level = (next && !Array.isArray(next) ? next : (level[part] = {})) as Record<string, SQLNamespace>;
    }
    level[parts.at(-1)!] = [...(n.columns ?? [])];
  }
  return root;
}

/** What a completion source is given and answers (@codemirror/autocomplete's shapes, the parts used here). */
interface CompletionQuery {
  pos: number;
  explicit: boolean;
  matchBefore(expression: RegExp): { from: number; to: number; text: string } | null;
}

/** The last result's columns as completions of the word being written (or of nothing, when asked with Ctrl-Space). */
function lastResultColumns(names: readonly SqlName[]) {
  const options = names
    .filter((n) => n.kind === "column" && n.detail === "last result")
    .map((n) => ({ label: n.label, type: "property", detail: n.detail }));
  return (query: CompletionQuery) => {
    const word = query.matchBefore(/\w+/);
    if (options.length === 0 || (!word && !query.explicit)) return null;
    return { from: word?.from ?? query.pos, options, validFor: /^\w*$/ };
  };
}
