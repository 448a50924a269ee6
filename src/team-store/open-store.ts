import { FileGatewayStore } from "./file-store/file-store";
import type { GatewayStore } from "./gateway-store";
import { PostgresGatewayStore, type PostgresStoreOptions } from "./postgres/postgres-store";

/** Where the gateway keeps its state: a directory (one instance) or a PostgreSQL URL (several). */
export interface StoreLocation {
  /** `postgres://…` or `postgresql://…`; wins over `stateDir`. */
  database?: string;
  /** The file store's directory. */
  stateDir?: string;
}

export const DEFAULT_STATE_DIR = ".gateway-data";

export function isDatabaseUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text);
}

/** Opens the store the location names (the file store in DEFAULT_STATE_DIR when it names none). */
export async function openGatewayStore(
  location: StoreLocation,
  options: PostgresStoreOptions = {},
): Promise<GatewayStore> {
  if (location.database !== undefined) return PostgresGatewayStore.open(location.database, options);
  return FileGatewayStore.open(location.stateDir ?? DEFAULT_STATE_DIR, options);
}

/** A database URL with its password hidden, for messages and logs. */
export function describeLocation(location: StoreLocation): string {
  if (location.database === undefined) return `the file store in ${location.stateDir ?? DEFAULT_STATE_DIR}`;
  try {
    const url = new URL(location.database);
    if (url.password) url.password = "***";
    return `PostgreSQL at ${url.toString()}`;
  } catch {
    return "PostgreSQL";
  }
}
