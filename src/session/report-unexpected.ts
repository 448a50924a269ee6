/**
 * The rejection handler of promises nothing waits for: Excel's callbacks, timers, session listeners, button clicks.
 * Each of them already turns the failures a user should see into a cell value, an event or a message in the pane,
 * so a rejection that still gets here is a bug. It is logged (client errors never carry the key) rather than left
 * unhandled, which a host may count as a crash of the shared runtime. It lives with the session because functions,
 * pane and commands all import the session and nothing else in common.
 */
export function reportUnexpected(where: string): (error: unknown) => void {
  return (error) => {
    console.error(`Service add-in: ${where} failed unexpectedly.`, error);
  };
}
