import type { ApiKeyRecord } from "../auth/keys";

/** Served when no --keys file is given. It only ever opens the local service; printed at start for convenience. */
export const DEMO_KEY = "demo-local-service-key";

export const DEMO_KEYS: ApiKeyRecord[] = [{ key: DEMO_KEY, user: "demo", teams: ["analysts"] }];
