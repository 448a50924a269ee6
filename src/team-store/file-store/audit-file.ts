import { existsSync, readFileSync, truncateSync } from "node:fs";
import type { AuditEntry } from "../gateway-store";
import { appendDurably } from "./atomic-file";

/**
 * The file store's audit log: one JSON entry per line, appended and flushed. A line cut short by a crash (no
 * final newline) is dropped when the store opens; its entry is still in the state's pending list and is written again.
 */
export class AuditFile {
  constructor(readonly path: string) {}

  /** Drops a last line cut short, and returns the id of the last whole entry (0 for none). */
  repair(): number {
    if (!existsSync(this.path)) return 0;
    const text = readFileSync(this.path, "utf8");
    const end = text.lastIndexOf("\n") + 1;
    if (end < text.length) truncateSync(this.path, Buffer.byteLength(text.slice(0, end)));
    const lines = text.slice(0, end).trimEnd().split("\n").filter(Boolean);
    return lines.length === 0 ? 0 : (JSON.parse(lines[lines.length - 1]!) as AuditEntry).id;
  }

  append(entries: readonly AuditEntry[]): void {
    if (entries.length === 0) return;
    appendDurably(this.path, entries.map((entry) => JSON.stringify(entry) + "\n").join(""));
  }

  read(): AuditEntry[] {
    if (!existsSync(this.path)) return [];
    return readFileSync(this.path, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AuditEntry);
  }
}
