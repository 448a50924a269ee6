import { sharedSessionReady, type Session } from "../../session";

const DONE_ITEM = "playground.autoSignIn.done";

/**
 * The first time the playground opens, it signs in with the demo key (stored the usual way, through the
 * session, so the pane and the functions see an ordinary signed-in user). After that it leaves the choice to
 * the user: signing out stays signed out across reloads.
 */
export async function autoSignIn(session: Session, key: string | null, local: Storage): Promise<void> {
  await sharedSessionReady();
  if (key === null || session.signedIn || local.getItem(DONE_ITEM) === key) return;
  await session.signIn(key);
  local.setItem(DONE_ITEM, key);
}

/** With ?reset=1 the playground behaves as on its very first visit. */
export function forgetAutoSignIn(local: Storage): void {
  local.removeItem(DONE_ITEM);
}
