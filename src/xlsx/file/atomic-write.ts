import { randomBytes } from "node:crypto";
import { promises as nodeFs } from "node:fs";
import { basename, dirname, join } from "node:path";
import { XlsxError } from "../errors";

/** The few file operations a replacing write uses (node:fs/promises by default; tests inject failures). */
export interface WriteFileSystem {
  open(
    path: string,
    flags: string,
    mode?: number,
  ): Promise<{
    write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
    sync(): Promise<void>;
    close(): Promise<void>;
  }>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  stat(path: string): Promise<{ mode: number }>;
}

/**
 * Writes `bytes` to a temporary file beside `target` (same folder, so the rename cannot cross file systems), flushes
 * it to disk, and only then renames it over the target: a reader, a crash or a full disk sees the old file or the
 * new one, never half of one. On failure the temporary file is removed and the target is untouched. The new file
 * keeps the old one's permissions. `destination`, called once the new file is complete, may name another path in the
 * same folder to rename it to instead (the last moment to find that the target is no longer ours to replace).
 */
export async function writeFileReplacing(
  target: string,
  bytes: Uint8Array,
  fs: WriteFileSystem = nodeFs,
  destination: () => Promise<string> = () => Promise.resolve(target),
): Promise<void> {
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  const mode = await fs.stat(target).then(
    (s) => s.mode & 0o7777,
    () => 0o666,
  );
  let handle: Awaited<ReturnType<WriteFileSystem["open"]>> | undefined;
  try {
    handle = await fs.open(temp, "wx", mode);
    for (let at = 0; at < bytes.length;) {
      const { bytesWritten } = await handle.write(bytes, at, bytes.length - at);
      if (bytesWritten <= 0) throw new Error("the disk accepted no more bytes");
      at += bytesWritten;
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(temp, await destination());
  } catch (e) {
    await handle?.close().catch(() => undefined);
    await fs.unlink(temp).catch(() => undefined);
    const why = e instanceof Error ? e.message : String(e);
    throw new XlsxError(
      "write-failed",
      `"${basename(target)}" could not be written (${why}); the file was left as it was.`,
    );
  }
}
