/** One stop of F6: a part of the window that holds the focus, and how to put the focus there. */
export interface FocusRegion {
  contains(node: Node | null): boolean;
  focus(): void;
  /** A hidden part (the task pane when it is closed) is skipped. */
  shown(): boolean;
}

const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first control inside `root` the Tab key would reach (visible, enabled), for moving into a region. */
export function firstTabbable(root: HTMLElement): HTMLElement | null {
  for (const node of root.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (node.offsetParent !== null || node.getClientRects().length > 0) return node;
  }
  return null;
}

/**
 * F6 and Shift+F6 move the focus between the window's parts, in order and round, as in Excel: from anywhere
 * (the task pane's controls included), to the next part's usual control. Focus outside every part counts as
 * being before the first.
 */
export function installFocusCycle(doc: Document, regions: readonly FocusRegion[]): void {
  doc.addEventListener(
    "keydown",
    (e) => {
      if (e.key !== "F6" || e.ctrlKey || e.altKey || e.metaKey) return;
      // A dialog over the window (File's backstage, a menu) keeps the focus until it is closed.
      if (doc.activeElement?.closest("[role=dialog]")) return;
      const shown = regions.filter((r) => r.shown());
      if (shown.length === 0) return;
      e.preventDefault();
      e.stopPropagation();
      const at = shown.findIndex((r) => r.contains(doc.activeElement));
      const step = e.shiftKey ? -1 : 1;
      const next = at < 0 ? (step > 0 ? 0 : shown.length - 1) : (at + step + shown.length) % shown.length;
      shown[next]!.focus();
    },
    true,
  );
}
