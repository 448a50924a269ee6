import { formatBytes, formatCredits } from "../../../billing";
import { UPLOAD_COLUMN_TYPES, type UploadColumnType, type UploadedTable } from "../../../client";
import type { PaneDeps } from "../deps";
import { paneMessage } from "../messages";
import { EMPTY_FORM, failureText, type UploadAction, type UploadFormState } from "./upload-form-state";
import { Store } from "../store";
import { planUpload } from "./upload-columns";
import { suggestedTableName, uploadProblems } from "./upload-checks";
import { buildUploadCsv, type BuiltCsv } from "./upload-csv-chunks";
import { estimateUpload } from "./upload-estimate";
import type { SelectionRead } from "./selection-read";
import { rememberRange } from "./upload-remember";

export type UploadFormDeps = Pick<PaneDeps, "session" | "settings" | "clock"> & {
  /** The selection's cells, read in blocks (`readSelection(run)`); undefined when it holds nothing. */
  readSelection: () => Promise<SelectionRead | undefined>;
  /** Gives the page a turn between the slices of the CSV (default: a task of its own); tests pass their own. */
  yieldToPage?: () => Promise<void>;
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
  /** The CSV for the columns' types it was written for; built again (in slices) only when they change. */
  #csv: (BuiltCsv & { key: string }) | undefined;
  /** The build under way, if any: an upload or a caller waiting for the price awaits it. */
  #building: { key: string; done: Promise<void> } | undefined;
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
    this.#building = undefined;
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
    await this.#settled();
    return this.store.state;
  }

  /** A column's type changed: the CSV is written again; the state is settled (priced) when this resolves. */
  async setType(index: number, type: UploadColumnType): Promise<UploadFormState> {
    if (UPLOAD_COLUMN_TYPES.includes(type))
      this.#update({ columns: this.store.state.columns.map((c, i) => (i === index ? { ...c, type } : c)) });
    await this.#settled();
    return this.store.state;
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
    if (this.busy) return this.store.state;
    // The price and the problems stand for the CSV as the columns' types now write it.
    await this.#settled();
    const s = this.store.state;
    const read = this.#read;
    const built = this.#csv;
    if (this.busy || !read || !built || s.phase === "empty") return s;
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
    const csv = built.text;
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
      const remembered = await rememberRange(this.deps, action, read, {
        namespace,
        tableName,
        columns,
        bytes: built.bytes,
      });
      this.store.set({
        phase: "sent",
        message:
          `${verb} ${full} (${visibility}): ${countText(inserted.rowsWritten)} rows, ${formatBytes(built.bytes)}, ` +
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
    const built = this.#read ? this.#csvFor(next.columns) : undefined;
    // While the CSV for new types is being written, the last price stands (an upload waits for the new one).
    const last = built ?? this.#csv;
    const estimate = last ? estimateUpload(last.bytes, !existing) : undefined;
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

  /** The CSV for these columns' types when written; otherwise its build is started (once) and undefined. */
  #csvFor(columns: UploadFormState["columns"]): BuiltCsv | undefined {
    const key = columns.map((c) => `${c.name}:${c.type}`).join(",");
    if (this.#csv?.key === key) return this.#csv;
    if (this.#building?.key === key) return undefined;
    const read = this.#read;
    const names = columns.map((c) => c.name);
    const types = columns.map((c) => c.type);
    const done = buildUploadCsv(names, types, read?.rows ?? [], { yieldToPage: this.deps.yieldToPage }).then(
      (built) => {
        // A newer read or build replaced this one: its CSV is not the form's.
        if (this.#read !== read || this.#building?.key !== key) return;
        this.#csv = { ...built, key };
        this.#building = undefined;
        this.#update({});
      },
      () => {
        // Writing strings does not fail; were it to, the form keeps its last price and Upload waits for none.
        if (this.#building?.key === key) this.#building = undefined;
      },
    );
    this.#building = { key, done };
    return undefined;
  }

  /** Resolves once no CSV is being written for the form (each finished build may start the next one). */
  async #settled(): Promise<void> {
    while (this.#building) await this.#building.done;
  }
}
