/**
 * How long a readiness check waits for the upstream or the store before calling it unready: under the 5 s a probe
 * usually allows (the Dockerfile's HEALTHCHECK), above a busy upstream's pause.
 */
const CHECK_TIMEOUT_MS = 3_000;

/** What `/readyz` checks: each answers undefined when ready, else the reason a load balancer's log should show. */
export type ReadinessCheck = () => Promise<string | undefined>;

/** The upstream answers HTTP at all (any status: its root needs no key, and nothing there is billed). */
export function upstreamReachable(root: string, fetchUpstream: typeof fetch): ReadinessCheck {
  return async () => {
    try {
      const res = await fetchUpstream(`${root}/`, {
        redirect: "manual",
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      await res.body?.cancel().catch(() => undefined);
      return undefined;
    } catch {
      return "the upstream did not answer";
    }
  };
}

/** The gateway's store answers a read (PostgreSQL reachable, or the file store's state readable). */
export function storeReachable(read: () => Promise<unknown>): ReadinessCheck {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve("the gateway's store did not answer in time"), CHECK_TIMEOUT_MS);
    });
    const answered = read().then(
      () => undefined,
      () => "the gateway's store is unavailable",
    );
    try {
      return await Promise.race([answered, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The first reason not to send this instance traffic, or undefined when every check passes. */
export async function notReadyBecause(checks: readonly ReadinessCheck[]): Promise<string | undefined> {
  const reasons = await Promise.all(checks.map((check) => check()));
  return reasons.find((reason) => reason !== undefined);
}
