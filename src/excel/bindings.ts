import { BindingError } from "./errors";

/**
 * Where an inserted table came from, so Refresh can fetch it again. Stored in the workbook's document
 * settings (`Office.context.document.settings`): simpler than a CustomXmlPart, travels with the file, and
 * survives reopening once `saveAsync` has run. The API key is never part of it: keys live per user, not in
 * documents, so fields that name a key are dropped and known secret values are redacted.
 */
export type BindingKind = "execution" | "query" | "dataset";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface TableBinding {
  kind: BindingKind;
  /** execution_id, query_id, or the dataset's path (e.g. "dex/pairs"). */
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
export interface SettingsLike {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  saveAsync(callback: (result: { status: unknown; error?: { message: string } | null }) => void): void;
}

export const BINDINGS_SETTING = "service.tableBindings";
const SECRET_FIELD = /^(x[-_]service[-_])?api[-_]?key$|^authorization$/i;
const REDACTED = "[redacted]";

function scrub(value: unknown, secrets: readonly string[]): JsonValue {
  if (typeof value === "string") return secrets.some((s) => s.length >= 8 && value.includes(s)) ? REDACTED : value;
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
    ["execution", "query", "dataset"].includes(b.kind as string) &&
    (typeof b.id === "string" || typeof b.id === "number") &&
    typeof b.tableName === "string" &&
    typeof b.sheet === "string" &&
    typeof b.address === "string" &&
    typeof b.insertedAt === "string"
  );
}

/** The bindings recorded in this workbook; entries that do not parse (hand-edited, older) are skipped. */
export function listBindings(settings: SettingsLike): TableBinding[] {
  const stored = settings.get(BINDINGS_SETTING) as { bindings?: unknown } | null;
  return Array.isArray(stored?.bindings) ? stored.bindings.filter(isBinding) : [];
}

export function getBinding(settings: SettingsLike, tableName: string): TableBinding | undefined {
  const key = tableName.toLowerCase();
  return listBindings(settings).find((b) => b.tableName.toLowerCase() === key);
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
 * Writes the bindings and saves the document settings. Bindings past their expiry are left out, so the document's
 * settings do not keep the source of every table a workbook ever had.
 */
function persist(settings: SettingsLike, all: TableBinding[], now: number): Promise<void> {
  const bindings = all.filter((b) => isLive(b, now));
  if (bindings.length === 0) settings.remove(BINDINGS_SETTING);
  else settings.set(BINDINGS_SETTING, { version: 1, bindings });
  return new Promise((resolve, reject) =>
    settings.saveAsync((result) => {
      // office.js reports failure with an `error`; the status enum differs across hosts and typings.
      if (result.error)
        reject(
          new BindingError("save-failed", `Could not save the table's source in the workbook: ${result.error.message}`),
        );
      else resolve();
    }),
  );
}

/** Records (or replaces, by table name) a table's source and saves the document settings. */
export async function saveBinding(
  settings: SettingsLike,
  binding: TableBinding,
  write: BindingWrite,
): Promise<TableBinding> {
  const clean = scrub(binding, write.secrets ?? []) as unknown as TableBinding;
  const others = listBindings(settings).filter((b) => b.tableName.toLowerCase() !== binding.tableName.toLowerCase());
  await persist(settings, [...others, clean], write.now);
  return clean;
}

/** Forgets a table's source; false when there was none. */
export async function removeBinding(settings: SettingsLike, tableName: string, write: BindingWrite): Promise<boolean> {
  const all = listBindings(settings);
  const rest = all.filter((b) => b.tableName.toLowerCase() !== tableName.toLowerCase());
  if (rest.length === all.length) return false;
  await persist(settings, rest, write.now);
  return true;
}
