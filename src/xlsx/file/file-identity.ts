import { createHash } from "node:crypto";
import { promises as nodeFs } from "node:fs";

/**
 * Which file a path held when it was read: size, modification time, and a hash of the bytes. Excel saves by writing
 * a new file and renaming it over the old one, so a save made while a refresh runs shows here as a different file.
 */
export interface FileIdentity {
  size: number;
  mtimeMs: number;
  sha256: string;
}

export function identityOf(bytes: Uint8Array, stat: { size: number; mtimeMs: number }): FileIdentity {
  return { size: stat.size, mtimeMs: stat.mtimeMs, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The file's bytes and identity, from one open handle (so both are of the same file); undefined when absent. */
export async function readIdentified(path: string): Promise<{ bytes: Uint8Array; identity: FileIdentity } | undefined> {
  let handle;
  try {
    handle = await nodeFs.open(path, "r");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
  try {
    const stat = await handle.stat();
    const bytes = new Uint8Array(await handle.readFile());
    return { bytes, identity: identityOf(bytes, stat) };
  } finally {
    await handle.close();
  }
}

/** Whether the path still holds the file that was read (size and time first; the hash settles what they cannot). */
export async function stillTheSame(path: string, expected: FileIdentity | null): Promise<boolean> {
  const stat = await nodeFs.stat(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return null;
    throw e;
  });
  if (stat === null || expected === null) return stat === null && expected === null;
  if (stat.size !== expected.size || stat.mtimeMs !== expected.mtimeMs) return false;
  const now = await readIdentified(path);
  return now?.identity.sha256 === expected.sha256;
}
