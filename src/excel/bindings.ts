import {
  type EntryCollection,
  type SettingsBag,
  listEntries,
  pruneEntries,
  putEntry,
  readEntry,
  removeEntry,
  steps,
  writeSettings,
} from "../document-settings";
import { carriesSecret, REDACTED } from "../sheet";
import { BindingError } from "./errors";

/**
 * Where an inserted table came from, so Refresh can fetch it again. Stored in the workbook's document
 * settings (`Office.context.document.settings`): simpler than a CustomXmlPart, travels with the file, and
 * survives reopening once `saveAsync` has run. One setting per table (keyed by its name), written merged into what
 * the document holds, so co-authors adding tables keep each other's. The API key is never part of it: keys live per
 * user, not in documents, so fields that name a key are dropped and known secret values are redacted.
 */
export type BindingKind = "execution" | "query" | "dataset" | "sql";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface TableBinding {
  kind: BindingKind;
  /**
   * execution_id, query_id, the dataset's path (e.g. "dex/pairs"), or a SQL text (kind `sql`: the text the pane ran,
   * run again only by a refresh the user confirmed with its price; its last run's id is `options.executionId`).
   */
  id: string | number;
  /** Path arguments of a dataset (chain, market…). */
  args?: Record<string, JsonValue>;
  /** Query parameters (filters, columns, limit…) or saved-query parameters. */
  params?: Record<string, JsonValue>;
  /** How it was written (headers, timestamps mode, array separator…). */
  options?: Record<string, JsonValue>;
  tableName: string;
  sheet: string;
  /** The table's address when written ("Sheet1!A1:L101"). */
  address: string;
  insertedAt: string;
  refreshedAt?: string;
  /**
   * Where the rows last written came from (the functions' ResultSource: query, execution, when it ran, parameters,
   * dataset and refresh slot), for SERVICE.SOURCE and the caption row (`options.caption`: the row above the table).
   */
  source?: { [key: string]: JsonValue };
  /**
   * When the service deletes the stored result the table was made from (its `expires_at`, ISO): set for tables bound
   * to one execution, which nothing can refresh after that. Tables bound to a query or a dataset never expire.
   */
  expiresAt?: string;
}

/** What a write of the bindings needs: the time (expired bindings are dropped), and secrets to redact. */
export interface BindingWrite {
  /** Epoch ms, from the caller's clock. */
  now: number;
  /** Texts (the API key) to redact wherever they appear, as a last line of defence. */
  secrets?: readonly string[];
}

/** The part of `Office.Settings` we use; the real object and the playground's both fit. */
export interface SettingsLike extends SettingsBag {
  remove(name: string): void;
  saveAsync(callback: (result: { status?: unknown; error?: { message: string } | null }) => void): void;
}

/** The older layout (every binding in one setting), read until the next write moves its bindings out. */
export const LEGACY_BINDINGS_SETTING = "service.tableBindings";
/** The setting listing the bound tables (lower-case names); each binding is in `service.tableBinding.<name>`. */
export const BINDINGS_INDEX_SETTING = "service.tableBindingIndex";

const SECRET_FIELD = /^(x[-_]service[-_])?api[-_]?key$|^authorization$/i;

function scrub(value: unknown, secrets: readonly string[]): JsonValue {
  if (typeof value === "string") return carriesSecret(value, secrets) ? REDACTED : value;
  if (typeof value === "number" || typeof value === "boolean" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (typeof value === "object") {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!SECRET_FIELD.test(k) && v !== undefined) out[k] = scrub(v, secrets);
    }
    return out;
  }
  return String(value);
}

function isBinding(v: unknown): v is TableBinding {
  if (!v || typeof v !== "object") return false;
  const b = v as Record<string, unknown>;
  return (
    ["execution", "query", "dataset", "sql"].includes(b.kind as string) &&
    (typeof b.id === "string" || typeof b.id === "number") &&
    typeof b.tableName === "string" &&
    typeof b.sheet === "string" &&
    typeof b.address === "string" &&
    typeof b.insertedAt === "string"
  );
}

const BINDINGS: EntryCollection<TableBinding> = {
  index: BINDINGS_INDEX_SETTING,
  entry: (id) => `service.tableBinding.${id}`,
  parse: (value) => (isBinding(value) ? value : undefined),
  legacy: {
    name: LEGACY_BINDINGS_SETTING,
    entries: (value) => {
      const stored = (value as { bindings?: unknown } | null)?.bindings;
      return Array.isArray(stored) ? stored.filter(isBinding).map((b) => [idOf(b.tableName), b]) : [];
    },
  },
};

/** Table names are compared without case, as Excel does. */
const idOf = (tableName: string): string => tableName.toLowerCase();

/** The bindings recorded in this workbook; entries that do not parse (hand-edited, older) are skipped. */
export function listBindings(settings: SettingsLike): TableBinding[] {
  return listEntries(settings, BINDINGS).map(([, binding]) => binding);
}

export function getBinding(settings: SettingsLike, tableName: string): TableBinding | undefined {
  return readEntry(settings, BINDINGS, idOf(tableName));
}

/**
 * False once the stored result a binding reads has expired (a binding without `expiresAt` never does). A time at or
 * before 1970 is none: the service sends `1970-01-01T00:00:00Z` for "not known yet", and no result expires then.
 */
function isLive(binding: TableBinding, now: number): boolean {
  const expiresAt = binding.expiresAt === undefined ? NaN : Date.parse(binding.expiresAt);
  return !(expiresAt > 0 && expiresAt <= now);
}

/**
 * Saves a change of the bindings into the document, merged. Bindings past their expiry are removed with it, so the
 * document's settings do not keep the source of every table a workbook ever had.
 */
async function persist(settings: SettingsLike, change: ReturnType<typeof putEntry>, now: number): Promise<void> {
  const expired = pruneEntries(BINDINGS, (_id, binding) => !isLive(binding, now));
  try {
    await writeSettings(settings, steps(change, expired));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BindingError("save-failed", `Could not save the table's source in the workbook: ${why}`);
  }
}

/** Records (or replaces, by table name) a table's source and saves the document settings. */
export async function saveBinding(
  settings: SettingsLike,
  binding: TableBinding,
  write: BindingWrite,
): Promise<TableBinding> {
  const clean = scrub(binding, write.secrets ?? []) as unknown as TableBinding;
  await persist(settings, putEntry(BINDINGS, idOf(clean.tableName), clean), write.now);
  return clean;
}

/** Forgets a table's source; false when there was none. */
export async function removeBinding(settings: SettingsLike, tableName: string, write: BindingWrite): Promise<boolean> {
  if (getBinding(settings, tableName) === undefined) return false;
  await persist(settings, removeEntry(BINDINGS, idOf(tableName)), write.now);
  return true;
}
