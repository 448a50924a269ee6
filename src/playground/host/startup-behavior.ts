/** `Office.StartupBehavior`'s values, as office.js defines them. */
export const STARTUP_BEHAVIOR = { none: "None", load: "Load" } as const;

export type StartupBehaviorValue = (typeof STARTUP_BEHAVIOR)[keyof typeof STARTUP_BEHAVIOR];

/**
 * `Office.addin.setStartupBehavior` / `getStartupBehavior` (SharedRuntime 1.1): whether Office starts the add-in's
 * shared runtime, without showing its pane, when this document opens next. Office keeps it with the document; here
 * it lives as long as the page's workbook. Anything but "Load" or "None" is refused, as office.js refuses it. The
 * playground's page load is an opening of the workbook, and the add-in's bundles always load with it.
 */
export class StartupBehaviorEmulation {
  #behavior: StartupBehaviorValue = STARTUP_BEHAVIOR.none;
  /** Every value set, in order (tests and the browser console look at it). */
  readonly history: StartupBehaviorValue[] = [];

  async set(behavior: unknown): Promise<void> {
    if (behavior !== STARTUP_BEHAVIOR.load && behavior !== STARTUP_BEHAVIOR.none) {
      throw new Error(
        `Office.addin.setStartupBehavior: "${String(behavior)}" is not an Office.StartupBehavior (Load or None)`,
      );
    }
    this.#behavior = behavior;
    this.history.push(behavior);
  }

  async get(): Promise<StartupBehaviorValue> {
    return this.#behavior;
  }
}
