import { systemClock } from "../clock";
import { DEMO_KEYS } from "./demo/demo-keys";
import { DEMO_QUERIES } from "./demo/demo-queries";
import type { ServiceOptions } from "./options";

/** Local development origins (dev server, playground) are allowed by default, on any port. */
export const DEV_ORIGINS: RegExp[] = [/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/];

export function defaultOptions(overrides: Partial<ServiceOptions> = {}): ServiceOptions {
  return {
    port: 8787,
    host: "127.0.0.1",
    dataDir: ".service-data",
    queries: DEMO_QUERIES,
    keys: DEMO_KEYS,
    clock: systemClock,
    rateLimitPerMinute: 0,
    rateLimitRead: 0,
    rateLimitWrite: 0,
    maxResultBytes: 8 * 1024 ** 3,
    maxSnapshotBytes: 1024 ** 3,
    corsOrigins: DEV_ORIGINS,
    threads: { medium: 1, large: 2 },
    slots: { small: 2, medium: 2, large: 2 },
    maxInflight: 0,
    datasets: true,
    curatedEndpoints: true,
    log: (line) => console.error(line),
    ...overrides,
  };
}
