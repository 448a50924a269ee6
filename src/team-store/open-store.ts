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

/**
 * A warning when a database URL given as a flag carries its password: a process's arguments are visible to every
 * user of the machine (`ps`). PostgreSQL's own `PGPASSWORD` (which `pg` reads when the URL has no password) or a
 * password file (`PGPASSFILE`, `~/.pgpass`) keep it out of them. Undefined when there is nothing to warn about.
 */
export function passwordWarning(database: string | undefined, fromFlag: boolean): string | undefined {
  if (database === undefined || !fromFlag) return undefined;
  let password = "";
  try {
    password = new URL(database).password;
  } catch {
    return undefined;
  }
  if (password === "") return undefined;
  return (
    "Warning: --database carries a password, which every user of this machine can read in the process list. " +
    "Leave it out of the URL and set PGPASSWORD (or a password file: PGPASSFILE, ~/.pgpass) instead, or give the " +
    "URL in RELAY_DATABASE."
  );
}
