import { buildRelay } from "./build-relay";
import { openGateway, type GatewayStoreExtras } from "./gateway/open-gateway";
import { cacheLimits, type RelayOptions } from "./relay-options";

export interface RunningRelay {
  url: string;
  close(): Promise<void>;
}

/** What tests (or an embedding) may set beside the options. */
export interface RelayExtras {
  authorizationTtlMs?: number;
  fetch?: typeof fetch;
  /** Gateway mode: the store's clock, pacing window and timeouts. */
  gatewayStore?: GatewayStoreExtras;
}

/**
 * Starts the relay on a real port (in gateway mode, its store opened first and the team's key read); `close` stops
 * accepting, finishes the requests in flight, books what they cost and closes the store.
 */
export async function startRelay(
  options: RelayOptions,
  log: (line: string) => void = () => undefined,
  extra: RelayExtras = {},
): Promise<RunningRelay> {
  let publicUrl = options.publicUrl;
  const opened = options.gateway ? await openGateway(options.gateway, log, extra.gatewayStore) : undefined;
  try {
    const app = await buildRelay({
      upstream: options.upstream,
      publicUrl: () => publicUrl as URL,
      allowOrigins: options.allowOrigins,
      cache: cacheLimits(options),
      cacheDir: options.cacheDir,
      authorizationTtlMs: extra.authorizationTtlMs ?? 60_000,
      log,
      fetch: extra.fetch,
      policy: opened?.policy,
    });
    await app.listen({ port: options.port, host: options.host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
    publicUrl ??= new URL(url);
    return {
      url,
      close: async () => {
        try {
          await app.close();
        } finally {
          await opened?.store.close();
        }
      },
    };
  } catch (error) {
    await opened?.store.close();
    throw error;
  }
}
