import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { GatewayStoreLockedError } from "../errors";

/**
 * One process at a time per file store: a lock file created exclusively (O_EXCL), holding the owner's pid and host.
 * A lock left by a process that is gone (a crash, a kill -9), or one that does not parse, is taken over; one held by a live process, or by
 * another host (whose processes cannot be checked from here), refuses the open, naming the pid.
 */
interface LockOwner {
  pid: number;
  host: string;
  since: number;
}

function readOwner(path: string): { text: string; owner: LockOwner | undefined } | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return { text, owner: Number.isInteger(owner.pid) && typeof owner.host === "string" ? owner : undefined };
  } catch {
    return { text, owner: undefined };
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Creates the lock with its content in one step: written to a file of our own, then hard-linked to the lock's name
 * (a link fails if the name exists), so nobody ever reads a lock half written.
 */
function tryCreate(path: string, text: string): boolean {
  const own = `${path}.${process.pid}.new`;
  writeFileSync(own, text, { mode: 0o600 });
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(own);
  }
}

/** Takes the lock or throws GatewayStoreLockedError; returns the function that gives it back. */
export function acquireLock(path: string, what: string): () => void {
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() } satisfies LockOwner);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(path, mine)) return () => releaseLock(path, mine);
    const found = readOwner(path);
    if (!found) continue;
    if (found.owner && isAlive(found.owner)) {
      const where =
        found.owner.host === hostname()
          ? `process ${found.owner.pid}`
          : `process ${found.owner.pid} on ${found.owner.host}`;
      throw new GatewayStoreLockedError(
        `${what} is in use by ${where} (lock file ${path}). Stop that relay first, or use --database for ` +
          `several instances. If no such process runs, delete the lock file.`,
      );
    }
    // Stale: move it aside under a name of our own, and check it is still the one judged stale (another process
    // may have taken it over meanwhile); if not, put theirs back.
    const aside = `${path}.stale.${process.pid}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const moved = readFileSync(aside, "utf8");
    if (moved !== found.text) {
      try {
        linkSync(aside, path);
      } catch {
        // Someone holds a newer lock already; theirs stands.
      }
    }
    unlinkSync(aside);
  }
  throw new GatewayStoreLockedError(`${what} could not be locked (lock file ${path} keeps changing).`);
}

function releaseLock(path: string, mine: string): void {
  try {
    if (readFileSync(path, "utf8") === mine) unlinkSync(path);
  } catch {
    // Already gone.
  }
}
