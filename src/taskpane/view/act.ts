import { reportUnexpected } from "../../session";

/**
 * An event handler that starts a controller's action and returns at once (a click cannot wait). The controllers
 * catch what can go wrong and show it in the pane; anything that still rejects is a bug, reported as such.
 */
export function act(what: string, action: () => Promise<unknown>): () => void {
  return () => void action().catch(reportUnexpected(what));
}
