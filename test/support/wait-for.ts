/**
 * The one way a test waits for something that happens in the background (a cache written once its page was sent, a
 * run a cell started, a log line): checks `condition` after each turn of the event loop, so promise jobs and I/O run in
 * between, and fails naming `what` once `timeoutMs` of real time has passed without it. The first turns are immediate;
 * later ones wait a few milliseconds, so a wait for real I/O does not spin a core the other tests need. The timeout is a
 * bound on a failure, never an assertion about speed: a condition that holds passes however slow the machine is.
 */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let turn = 0; !condition(); turn++) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => (turn < 100 ? setImmediate(resolve) : setTimeout(resolve, 5)));
  }
}

/** Lets queued promise jobs and I/O callbacks run (`turns` turns of the event loop), without any timer. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
