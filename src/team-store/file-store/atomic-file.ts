import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Replaces a file so that a crash at any moment leaves either the old content or the new, never a mix: the new
 * content goes to a temporary file beside it, is flushed to the disk, and is renamed over the old one (a rename
 * within a directory is atomic), then the directory itself is flushed so the rename survives a power cut.
 * Synchronous on purpose: the store's state is small, and one write at a time keeps its order obvious.
 */
export function writeFileAtomic(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  fsyncDirectory(dirname(path));
}

/** Appends text and flushes it to the disk before returning. */
export function appendDurably(path: string, text: string): void {
  const fd = openSync(path, "a", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function fsyncDirectory(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    fsyncSync(fd);
  } catch (error) {
    // Windows cannot open or flush a directory; its renames are flushed with the file system's journal.
    if (!["EPERM", "EISDIR", "EACCES", "EINVAL"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
