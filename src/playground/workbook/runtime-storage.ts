/**
 * `OfficeRuntime.storage`: asynchronous string key/value storage, unencrypted, 10 MB per domain
 * (shared by the add-ins of that domain). Values must be strings.
 */
export const STORAGE_LIMIT_BYTES = 10 * 1024 * 1024;

export class EmulatedRuntimeStorage {
  private readonly items = new Map<string, string>();

  private size(): number {
    let n = 0;
    for (const [k, v] of this.items) n += (k.length + v.length) * 2;
    return n;
  }

  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }

  async setItem(key: string, value: string): Promise<void> {
    if (typeof value !== "string") throw new TypeError("OfficeRuntime.storage values must be strings.");
    const previous = this.items.get(key);
    this.items.set(key, value);
    if (this.size() > STORAGE_LIMIT_BYTES) {
      if (previous === undefined) this.items.delete(key);
      else this.items.set(key, previous);
      throw new Error("OfficeRuntime.storage is limited to 10 MB per domain.");
    }
  }

  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }

  async getItems(keys: string[]): Promise<Record<string, string | null>> {
    return Object.fromEntries(keys.map((k) => [k, this.items.get(k) ?? null]));
  }

  async setItems(keyValues: Record<string, string>): Promise<void> {
    for (const [k, v] of Object.entries(keyValues)) await this.setItem(k, v);
  }

  async removeItems(keys: string[]): Promise<void> {
    for (const k of keys) this.items.delete(k);
  }

  async getKeys(): Promise<string[]> {
    return [...this.items.keys()];
  }
}
