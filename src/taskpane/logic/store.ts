/**
 * A minimal observable state holder: controllers own one each, the view subscribes and re-renders. No
 * framework, so the pane stays a few kilobytes and the logic runs in jest without a DOM.
 */
export class Store<S extends object> {
  #state: S;
  readonly #listeners = new Set<(state: S) => void>();

  constructor(initial: S) {
    this.#state = initial;
  }

  get state(): S {
    return this.#state;
  }

  /** Merges `patch` into the state: keys it lacks keep their values (use `replace` to start over). */
  set(patch: Partial<S>): void {
    this.replace({ ...this.#state, ...patch });
  }

  replace(state: S): void {
    this.#state = state;
    for (const listener of [...this.#listeners]) {
      try {
        listener(this.#state);
      } catch {
        // A broken view must not stop the controller (a run spending credits, an insert half way).
      }
    }
  }

  /** Calls `listener` now and after every change; returns the unsubscribe. */
  subscribe(listener: (state: S) => void): () => void {
    this.#listeners.add(listener);
    listener(this.#state);
    return () => this.#listeners.delete(listener);
  }
}
