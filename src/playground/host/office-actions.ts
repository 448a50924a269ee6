/** The event a ribbon command's function receives; it must call completed() when done. */
export interface ActionEvent {
  source: { id: string };
  completed(options?: { allowEvent?: boolean }): void;
}

export type ActionHandler = (event: ActionEvent) => unknown;

/**
 * `Office.actions`: ribbon buttons (ExecuteFunction) run the function associated with their action id in the
 * shared runtime. The playground's ribbon lists what was associated and invokes it the same way.
 */
export class OfficeActions {
  private readonly handlers = new Map<string, ActionHandler>();
  private readonly listeners = new Set<() => void>();

  associate(actionId: string, handler: ActionHandler): void {
    if (typeof handler !== "function") throw new TypeError(`Office.actions.associate("${actionId}") needs a function`);
    this.handlers.set(actionId, handler);
    for (const listener of [...this.listeners]) listener();
  }

  ids(): string[] {
    return [...this.handlers.keys()];
  }

  onAssociate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs an action as a button click does; resolves when it calls event.completed() (or its promise fails). */
  invoke(actionId: string): Promise<void> {
    const handler = this.handlers.get(actionId);
    if (!handler) return Promise.reject(new Error(`No function is associated with the action "${actionId}"`));
    return new Promise<void>((resolve, reject) => {
      const event: ActionEvent = { source: { id: actionId }, completed: () => resolve() };
      try {
        const returned = handler(event);
        if (returned instanceof Promise) returned.catch(reject);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}
