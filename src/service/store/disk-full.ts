/**
 * Whether an error means the disk (or the user's quota) is full: Node's ENOSPC and EDQUOT, and DuckDB's messages for
 * the same (`Could not write file "…": No space left on device`), from the store's log or a result file.
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return true;
  return /No space left on device|Disk quota exceeded/i.test(error instanceof Error ? error.message : String(error));
}
