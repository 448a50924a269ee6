// Symbol.for: one slot even if the pane and commands bundles each carry a copy of this module.
const SLOT = Symbol.for("service-addin.ribbon-refresh-requests");

interface Requests {
  /** A click no pane has taken up yet (the pane is still opening). */
  pending: boolean;
  listeners: Set<() => void>;
}

function requests(): Requests {
  const scope = globalThis as { [SLOT]?: Requests };
  scope[SLOT] ??= { pending: false, listeners: new Set() };
  return scope[SLOT];
}

/**
 * The ribbon's Refresh All was clicked: a click on a button named Refresh All is the user choosing to refresh, so the
 * pane (open, or opening after `Office.addin.showAsTaskpane()`) shows its priced confirmation and does the work. A
 * click while no pane listens waits for the pane that opens.
 */
export function requestRibbonRefresh(): void {
  const r = requests();
  const [listener] = r.listeners;
  if (listener === undefined) {
    r.pending = true;
    return;
  }
  r.pending = false;
  listener();
}

/** The pane takes up the ribbon's clicks: one waiting since before it opened at once, then each as it comes. */
export function onRibbonRefreshRequest(listener: () => void): () => void {
  const r = requests();
  r.listeners.add(listener);
  if (r.pending) {
    r.pending = false;
    listener();
  }
  return () => r.listeners.delete(listener);
}
