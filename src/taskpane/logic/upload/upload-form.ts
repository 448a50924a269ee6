import { formatBytes, formatCredits } from "../../../billing";
import { UPLOAD_COLUMN_TYPES, type UploadColumnType, type UploadedTable } from "../../../client";
import type { PaneDeps } from "../deps";
import { paneMessage } from "../messages";
import { EMPTY_FORM, failureText, type UploadAction, type UploadFormState } from "./upload-form-state";
import { Store } from "../store";
import { planUpload } from "./upload-columns";
import { suggestedTableName, uploadProblems } from "./upload-checks";
import { uploadCsv, utf8Bytes } from "./upload-csv";
import { estimateUpload } from "./upload-estimate";
import type { SelectionRead } from "./selection-read";
import { rememberRange } from "./upload-remember";

export type UploadFormDeps = Pick<PaneDeps, "session" | "settings" | "clock"> & {
  /** The selection's cells, read in blocks (`readSelection(run)`); undefined when it holds nothing. */
  readSelection: () => Promise<SelectionRead | undefined>;
};

const countText = (n: number) => n.toLocaleString("en-US");

/**
 * The pane's "Upload selection" form: the selected range read, its columns named and typed (each type editable), its
 * size and price shown, and nothing sent while a problem stands. Upload creates the table (private unless the user
 * chose public) and inserts the rows; for a table the user has, it replaces or appends its rows.
 */
export class UploadFormController {
  readonly store = new Store<UploadFormState>(EMPTY_FORM);
  #read: SelectionRead | undefined;
  #tables: readonly UploadedTable[] = [];
  #csv: { key: string; text: string } | undefined;
  /** The read's own problems (headers, error values), found once per read. */
  #planProblems: readonly string[] = [];

  constructor(private readonly deps: UploadFormDeps) {}

  /** The user's tables (from the list): the one named in the form is filled by Replace or Append. */
  setTables(tables: readonly UploadedTable[]): void {
    this.#tables = tables;
    const namespace = this.store.state.namespace || (tables[0]?.namespace ?? "");
    this.#update({ namespace });
  }

  async readSelection(): Promise<UploadFormState> {
    if (this.busy) return this.store.state;
    this.store.set({ phase: "reading", message: "Reading the selection…" });
    let read: SelectionRead | undefined;
    try {
      read = await this.deps.readSelection();
    } catch (error) {
      this.store.set({ phase: "failed", message: paneMessage(error) });
      return this.store.state;
    }
    this.#read = read;
    this.#csv = undefined;
    if (!read) {
      this.store.replace({
        ...EMPTY_FORM,
        namespace: this.store.state.namespace,
        message: "The selection holds no values.",
      });
      return this.store.state;
    }
    const plan = planUpload(read.headers, read.rows, read.formats);
    this.#planProblems = plan.problems;
    this.#update({
      phase: "ready",
      address: read.address,
      rowCount: read.rows.length,
      columns: plan.columns.map((c) => ({ header: c.header, name: c.name, type: c.type, mixed: c.mixed })),
      mixedConfirmed: false,
      tableName: suggestedTableName(read.label),
      message: `${countText(read.rows.length)} rows read from ${read.address}.`,
    });
    return this.store.state;
  }

  setType(index: number, type: UploadColumnType): void {
    if (!UPLOAD_COLUMN_TYPES.includes(type)) return;
    this.#update({ columns: this.store.state.columns.map((c, i) => (i === index ? { ...c, type } : c)) });
  }

  confirmMixed(confirmed: boolean): void {
    this.#update({ mixedConfirmed: confirmed });
  }

  setTableName(tableName: string): void {
    this.#update({ tableName: tableName.trim() });
  }

  setNamespace(namespace: string): void {
    this.#update({ namespace: namespace.trim() });
  }

  setPrivate(isPrivate: boolean): void {
    this.#update({ isPrivate });
  }

  get busy(): boolean {
    return this.store.state.phase === "reading" || this.store.state.phase === "sending";
  }

  /** Sends the rows (Create for a new name; Replace or Append for the user's table), when no problem stands. */
  async upload(action: UploadAction): Promise<UploadFormState> {
    const s = this.store.state;
    const read = this.#read;
    if (this.busy || !read || s.phase === "empty") return s;
    if (s.problems.length > 0 || (action === "create") !== (s.existing === undefined)) {
      this.store.set({ message: s.problems[0] ?? "Choose Replace or Append for a table you already have." });
      return this.store.state;
    }
    const client = (() => {
      try {
        return this.deps.session.client();
      } catch (error) {
        this.store.set({ phase: "failed", message: paneMessage(error) });
        return undefined;
      }
    })();
    if (!client) return this.store.state;
    const csv = this.#csvText();
    const { namespace, tableName, isPrivate } = s;
    const full = `dune.${namespace}.${tableName}`;
    let done: "nothing" | "created" | "cleared" = "nothing";
    try {
      if (action === "create") {
        this.store.set({ phase: "sending", message: `Creating ${full}…` });
        const schema = s.columns.map((c) => ({ name: c.name, type: c.type }));
        await client.createUpload({ namespace, tableName, schema, isPrivate });
        done = "created";
      } else if (action === "replace") {
        this.store.set({ phase: "sending", message: `Clearing ${full}…` });
        await client.clearUpload(namespace, tableName);
        done = "cleared";
      }
      this.store.set({ phase: "sending", message: `Sending ${countText(s.rowCount)} rows to ${full}…` });
      const inserted = await client.insertRows(namespace, tableName, { csv });
      const visibility = (s.existing?.isPrivate ?? isPrivate) ? "private" : "public";
      const verb = { create: "Uploaded", replace: "Replaced the rows of", append: "Appended rows to" }[action];
      const columns = s.columns.map((c) => ({ name: c.name, type: c.type }));
      const remembered = await rememberRange(this.deps, action, read, { namespace, tableName, columns, csv });
      this.store.set({
        phase: "sent",
        message:
          `${verb} ${full} (${visibility}): ${countText(inserted.rowsWritten)} rows, ${formatBytes(utf8Bytes(csv))}, ` +
          `about ${formatCredits(s.estimate?.credits ?? 0)}.${remembered}`,
      });
    } catch (error) {
      this.store.set({ phase: "failed", message: failureText(error, action, done, isPrivate, full) });
    }
    return this.store.state;
  }

  /** Recomputes what depends on the form: the existing table, the size and price, the problems. */
  #update(patch: Partial<UploadFormState>): void {
    const next = { ...this.store.state, ...patch };
    const existing = this.#tables.find((t) => t.namespace === next.namespace && t.tableName === next.tableName);
    const rows = this.#read?.rows ?? [];
    if (existing && existing !== this.store.state.existing) {
      // Rows for a table the user has are sent as its columns' types.
      next.columns = next.columns.map((c, i) => {
        const type = existing.columns[i]?.type as UploadColumnType | undefined;
        return type && UPLOAD_COLUMN_TYPES.includes(type) ? { ...c, type } : c;
      });
    }
    const estimate = this.#read ? estimateUpload(utf8Bytes(this.#csvText(next.columns)), !existing) : undefined;
    const problems =
      this.#read && estimate
        ? uploadProblems({
            planProblems: this.#planProblems,
            columns: next.columns,
            rows,
            mixedConfirmed: next.mixedConfirmed,
            tableName: next.tableName,
            namespace: next.namespace,
            estimate,
            existing,
          })
        : [];
    this.store.replace({ ...next, existing, estimate, problems });
  }

  /** The CSV for the columns' current types: built again only when they change. */
  #csvText(columns = this.store.state.columns): string {
    const key = columns.map((c) => `${c.name}:${c.type}`).join(",");
    if (this.#csv?.key !== key)
      this.#csv = {
        key,
        text: uploadCsv(
          columns.map((c) => c.name),
          columns.map((c) => c.type),
          this.#read?.rows ?? [],
        ),
      };
    return this.#csv.text;
  }
}
