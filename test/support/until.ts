/**
 * Waits turn by turn of the event loop, never on a timer, until `condition` holds: for effects that land after the
 * answer that caused them (a cache written once its page was sent). A condition that never holds ends in the test's
 * timeout.
 */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
