import { formatBytes } from "../../../billing";
import type { UploadedTable } from "../../../client";
import { removeUploadBinding } from "../../../excel";
import type { PaneDeps } from "../deps";
import { paneMessage } from "../messages";
import { Store } from "../store";

export interface UploadsListState {
  phase: "idle" | "loading" | "ready" | "failed";
  tables: UploadedTable[];
  message: string;
}

/** Pages asked for at most (10,000 tables): a list longer than that is cut, and says so. */
const MAX_PAGES = 10;
const PAGE = 1000;

/** "private · 42 KB · last upload 28 Nov 2026, 10:00": what the list shows beside a table's name. */
export function tableFacts(table: UploadedTable, when: (iso: string) => string): string {
  const visibility = table.isPrivate ? "private" : "public";
  const last = table.updatedAt || table.createdAt;
  return `${visibility} · ${formatBytes(table.sizeBytes)} · last upload ${last ? when(last) : "not known"}`;
}

/**
 * The user's uploaded tables (`GET /v1/uploads`, every page), and Delete. Listing and deleting are free; deleting is
 * for good, so the view asks first.
 */
export class UploadsListController {
  readonly store = new Store<UploadsListState>({ phase: "idle", tables: [], message: "" });

  constructor(private readonly deps: Pick<PaneDeps, "session" | "settings">) {}

  async load(): Promise<UploadsListState> {
    this.store.set({ phase: "loading", message: "Listing your tables…" });
    try {
      const client = this.deps.session.client();
      const tables: UploadedTable[] = [];
      let offset: number | undefined = 0;
      for (let page = 0; page < MAX_PAGES && offset !== undefined; page++) {
        const list = await client.listUploads({ limit: PAGE, offset });
        tables.push(...list.tables);
        offset = list.nextOffset;
      }
      const cut = offset !== undefined ? ` Only the first ${tables.length.toLocaleString("en-US")} are listed.` : "";
      const message = tables.length === 0 ? "You have no uploaded tables yet." : cut.trim();
      this.store.replace({ phase: "ready", tables, message });
    } catch (error) {
      this.store.set({ phase: "failed", message: paneMessage(error) });
    }
    return this.store.state;
  }

  /** Deletes a table and its rows once `confirm` says yes; then lists again. */
  async remove(table: UploadedTable, confirm: (question: string) => Promise<boolean>): Promise<UploadsListState> {
    const question = `Delete ${table.fullName} and its rows for good? Queries that read it will fail.`;
    if (!(await confirm(question))) return this.store.state;
    try {
      await this.deps.session.client().deleteUpload(table.namespace, table.tableName);
    } catch (error) {
      this.store.set({ message: paneMessage(error) });
      return this.store.state;
    }
    // A range remembered for it would only fail at the next Refresh All: the table it filled is gone.
    const forgot = await removeUploadBinding(this.deps.settings, table.namespace, table.tableName).catch(() => false);
    await this.load();
    this.store.set({
      message: `Deleted ${table.fullName}.${forgot ? " Refresh All no longer re-uploads its range." : ""}`,
    });
    return this.store.state;
  }
}
