import { systemClock, type Clock } from "../../clock";
import { openGatewayStore, type GatewayStore, type PostgresStoreOptions } from "../../team-store";
import type { ForwardingPolicy } from "../forwarding-policy";
import { Gateway } from "./gateway";
import type { GatewayOptions } from "./gateway-options";
import { GatewayPolicy } from "./gateway-policy";
import { TeamKey } from "./team-key";

/** What a test (or an embedding) may set beside the flags: the clock, the pacing window, the store's timeouts. */
export type GatewayStoreExtras = Pick<PostgresStoreOptions, "clock" | "timeoutMs" | "poolSize" | "reservationTtlMs"> & {
  pacingWindowMs?: number;
  /** Wraps the store once opened (the relay's metrics count its spending calls). */
  wrapStore?: (store: GatewayStore) => GatewayStore;
};

/**
 * The gateway as the relay's forwarding policy, with its store opened (migrated, for PostgreSQL) and the team's key
 * read from its file. The store is the caller's to close, after the relay.
 */
export async function openGateway(
  options: GatewayOptions,
  log: (line: string) => void,
  extras: GatewayStoreExtras = {},
): Promise<{ policy: ForwardingPolicy; store: GatewayStore }> {
  const teamKey = await TeamKey.read(options.teamKeyFile);
  const clock: Clock = extras.clock ?? systemClock;
  const { pacingWindowMs, wrapStore, ...storeExtras } = extras;
  const pacing: NonNullable<PostgresStoreOptions["pacing"]> = {};
  if (options.readsPerMinute !== null) pacing.read = options.readsPerMinute;
  if (options.writesPerMinute !== null) pacing.write = options.writesPerMinute;
  if (pacingWindowMs !== undefined) pacing.windowMs = pacingWindowMs;
  const opened = await openGatewayStore(
    { database: options.database, stateDir: options.stateDir },
    { ...storeExtras, clock, pacing },
  );
  const store = wrapStore ? wrapStore(opened) : opened;
  const gateway = new Gateway({
    store,
    teamKey,
    plan: options.plan,
    ...(options.maxCreditsPerRequest === undefined ? {} : { readCap: options.maxCreditsPerRequest }),
    limits: { read: options.readsPerMinute, write: options.writesPerMinute },
    clock,
    log,
  });
  return { policy: new GatewayPolicy(gateway), store };
}
