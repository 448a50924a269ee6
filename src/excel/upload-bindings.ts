import { type EntryCollection, listEntries, putEntry, removeEntry, writeSettings } from "../document-settings";
import { BindingError } from "./errors";
import type { SettingsLike } from "./bindings";

/**
 * A table uploaded from a range, remembered so Refresh All can send the range's rows again (a Replace). Kept in the
 * workbook's document settings like the table bindings, one setting per uploaded table, written merged so co-authors
 * keep each other's. It names where the rows are and where they went, never who sent them: no key, no user.
 */
export interface UploadBinding {
  /** The range as it was read ("Sheet1!A1:C1001"). */
  address: string;
  /** The Excel table the rows were read from: its current range is read again, however it grew. */
  excelTable?: string;
  namespace: string;
  tableName: string;
  /** The columns sent (names and types): a range whose header row no longer gives these names is not sent. */
  columns: { name: string; type: string }[];
  /** Bytes of the CSV last sent: the re-upload's price is estimated from it. */
  bytes: number;
  uploadedAt: string;
}

function isUploadBinding(v: unknown): v is UploadBinding {
  if (!v || typeof v !== "object") return false;
  const b = v as Record<string, unknown>;
  return (
    typeof b.address === "string" &&
    (b.excelTable === undefined || typeof b.excelTable === "string") &&
    typeof b.namespace === "string" &&
    typeof b.tableName === "string" &&
    typeof b.bytes === "number" &&
    typeof b.uploadedAt === "string" &&
    Array.isArray(b.columns) &&
    b.columns.every(
      (c: unknown) =>
        !!c && typeof (c as { name?: unknown }).name === "string" && typeof (c as { type?: unknown }).type === "string",
    )
  );
}

const UPLOADS: EntryCollection<UploadBinding> = {
  index: "service.uploadBindingIndex",
  entry: (id) => `service.uploadBinding.${id}`,
  parse: (value) => (isUploadBinding(value) ? value : undefined),
};

/** One binding per uploaded table: its namespace and name, without case (as the service compares them). */
const idOf = (namespace: string, tableName: string): string => `${namespace}.${tableName}`.toLowerCase();

/** The uploads this workbook remembers; entries that do not parse are skipped. */
export function listUploadBindings(settings: SettingsLike): UploadBinding[] {
  return listEntries(settings, UPLOADS).map(([, binding]) => binding);
}

async function write(settings: SettingsLike, step: Parameters<typeof writeSettings>[1]): Promise<void> {
  try {
    await writeSettings(settings, step);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new BindingError("save-failed", `Could not save the upload's range in the workbook: ${why}`);
  }
}

/** Records (or replaces, by namespace and table) where an uploaded table's rows come from. */
export async function saveUploadBinding(settings: SettingsLike, binding: UploadBinding): Promise<void> {
  const clean: UploadBinding = {
    address: binding.address,
    ...(binding.excelTable !== undefined ? { excelTable: binding.excelTable } : {}),
    namespace: binding.namespace,
    tableName: binding.tableName,
    columns: binding.columns.map((c) => ({ name: c.name, type: c.type })),
    bytes: binding.bytes,
    uploadedAt: binding.uploadedAt,
  };
  await write(settings, putEntry(UPLOADS, idOf(clean.namespace, clean.tableName), clean));
}

/** Forgets an uploaded table's range; false when there was none. */
export async function removeUploadBinding(
  settings: SettingsLike,
  namespace: string,
  tableName: string,
): Promise<boolean> {
  const id = idOf(namespace, tableName);
  if (!listEntries(settings, UPLOADS).some(([key]) => key === id)) return false;
  await write(settings, removeEntry(UPLOADS, id));
  return true;
}
