import { STORAGE_LIMIT_BYTES } from "../workbook";

/**
 * `OfficeRuntime.storage` kept in the page's localStorage (under a prefix), so the key the playground signs in
 * with survives a reload the way it survives restarting Excel. Same contract as the workbook's in-memory one:
 * strings only, 10 MB per domain.
 */
export class PersistentRuntimeStorage {
  constructor(
    private readonly local: Storage,
    private readonly prefix = "playground.OfficeRuntime.storage:",
  ) {}

  private keys(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.local.length; i++) {
      const k = this.local.key(i);
      if (k?.startsWith(this.prefix)) out.push(k.slice(this.prefix.length));
    }
    return out;
  }

  private size(): number {
    return this.keys().reduce((n, k) => n + (k.length + (this.local.getItem(this.prefix + k)?.length ?? 0)) * 2, 0);
  }

  async getItem(key: string): Promise<string | null> {
    return this.local.getItem(this.prefix + key);
  }

  async setItem(key: string, value: string): Promise<void> {
    if (typeof value !== "string") throw new TypeError("OfficeRuntime.storage values must be strings.");
    const previous = this.local.getItem(this.prefix + key);
    this.local.setItem(this.prefix + key, value);
    if (this.size() > STORAGE_LIMIT_BYTES) {
      if (previous === null) this.local.removeItem(this.prefix + key);
      else this.local.setItem(this.prefix + key, previous);
      throw new Error("OfficeRuntime.storage is limited to 10 MB per domain.");
    }
  }

  async removeItem(key: string): Promise<void> {
    this.local.removeItem(this.prefix + key);
  }

  async getItems(keys: string[]): Promise<Record<string, string | null>> {
    return Object.fromEntries(keys.map((k) => [k, this.local.getItem(this.prefix + k)]));
  }

  async setItems(keyValues: Record<string, string>): Promise<void> {
    for (const [k, v] of Object.entries(keyValues)) await this.setItem(k, v);
  }

  async removeItems(keys: string[]): Promise<void> {
    for (const k of keys) this.local.removeItem(this.prefix + k);
  }

  async getKeys(): Promise<string[]> {
    return this.keys();
  }

  /** Forgets everything (the playground's ?reset=1). */
  clear(): void {
    for (const k of this.keys()) this.local.removeItem(this.prefix + k);
  }
}
