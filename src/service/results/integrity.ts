import { createHash } from "node:crypto";
import { createReadStream, statSync } from "node:fs";

/** SHA-256 of a stored result file, streamed (results can be gigabytes). */
export function fileChecksum(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/**
 * Whether a stored result file is still the one that was written. Each file is hashed once per process, on its
 * first read, and compared with the checksum recorded when it was written; after that one `stat` per request
 * (microseconds) checks that its size and modification time have not changed, and any change means hashing it
 * again. So damage done while the service was down (a bad disk, a bad copy) is caught on first use, and a file
 * truncated, rewritten or deleted while it runs is caught on the next request, without reading a large file on
 * every page (hashing a 34 MB result takes about 0.1 s).
 */
export class ResultIntegrity {
  readonly #verified = new Map<string, { size: number; mtimeMs: number }>();

  /** "intact", "damaged" (missing, or not the bytes that were written), or the checksum of a file with none recorded. */
  async check(file: string, expected: string | undefined): Promise<"intact" | "damaged" | { checksum: string }> {
    // Synchronous on purpose: a stat of a local file takes microseconds, less than the thread-pool round trip of the
    // asynchronous one (measured: 8% of a cached page's CPU went to the asynchronous stat).
    const seen = statSync(file, { throwIfNoEntry: false });
    if (!seen || !seen.isFile()) {
      this.#verified.delete(file);
      return "damaged";
    }
    const known = this.#verified.get(file);
    const mtimeMs = Math.round(seen.mtimeMs); // millisecond resolution, as most file systems keep it
    if (known && known.size === seen.size && known.mtimeMs === mtimeMs && expected !== undefined) return "intact";
    const actual = await fileChecksum(file).catch(() => undefined);
    if (actual === undefined) return "damaged";
    if (expected !== undefined && actual !== expected) {
      this.#verified.delete(file);
      return "damaged";
    }
    this.#verified.set(file, { size: seen.size, mtimeMs });
    return expected === undefined ? { checksum: actual } : "intact";
  }
}
