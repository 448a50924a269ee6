/**
 * `Office.context.document.settings`: values set in memory, persisted into the document only by
 * `saveAsync` (and lost on reopen otherwise). Office stores them as JSON, so we copy through JSON;
 * the whole set is limited to 2 MB per add-in.
 */
export const SETTINGS_LIMIT_BYTES = 2 * 1024 * 1024;

export interface AsyncResultLike<T> {
  status: "succeeded" | "failed";
  value: T;
  error?: { name: string; message: string; code: number };
  asyncContext?: unknown;
}

type Callback = (result: AsyncResultLike<void>) => void;

function copy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

export class EmulatedSettings {
  private live: Record<string, unknown>;

  constructor(private readonly store: { saved: Record<string, unknown>; onSaved?: () => void }) {
    this.live = copy(store.saved);
  }

  get(name: string): unknown {
    return name in this.live ? copy(this.live[name]) : null;
  }

  set(name: string, value: unknown): void {
    this.live[name] = copy(value);
  }

  remove(name: string): void {
    delete this.live[name];
  }

  saveAsync(
    optionsOrCallback?: { overwriteIfStale?: boolean; asyncContext?: unknown } | Callback,
    callback?: Callback,
  ): void {
    const cb = typeof optionsOrCallback === "function" ? optionsOrCallback : callback;
    const asyncContext = typeof optionsOrCallback === "object" ? optionsOrCallback.asyncContext : undefined;
    const size = JSON.stringify(this.live).length;
    setTimeout(() => {
      if (size > SETTINGS_LIMIT_BYTES) {
        cb?.({
          status: "failed",
          value: undefined,
          asyncContext,
          error: { name: "Settings size", message: "The settings exceed 2 MB.", code: 5009 },
        });
        return;
      }
      this.store.saved = copy(this.live);
      this.store.onSaved?.();
      cb?.({ status: "succeeded", value: undefined, asyncContext });
    }, 0);
  }

  refreshAsync(callback?: (result: AsyncResultLike<EmulatedSettings>) => void): void {
    setTimeout(() => {
      this.live = copy(this.store.saved);
      callback?.({ status: "succeeded", value: this });
    }, 0);
  }

  /** Simulates closing and reopening the document: what was not saved is gone. */
  reload(): void {
    this.live = copy(this.store.saved);
  }

  addHandlerAsync(_type: string, _handler: unknown, callback?: Callback): void {
    callback?.({ status: "succeeded", value: undefined });
  }

  removeHandlerAsync(_type: string, _options?: unknown, callback?: Callback): void {
    callback?.({ status: "succeeded", value: undefined });
  }
}
