import { apiRootPath } from "../client";
import { buildRelay } from "./build-relay";
import { openGateway, type GatewayStoreExtras } from "./gateway/open-gateway";
import { installOperations } from "./operations/install-operations";
import { meteredStore } from "./operations/metered-store";
import { startMetricsServer, type MetricsServer } from "./operations/metrics-server";
import { storeReachable, upstreamReachable, type ReadinessCheck } from "./operations/readiness";
import { RelayMetrics } from "./operations/relay-metrics";
import { cacheLimits, type RelayOptions } from "./relay-options";

/** How often connections are checked for having turned idle while the relay stops. */
const IDLE_SWEEP_MS = 50;

export interface RunningRelay {
  url: string;
  /** Where `/metrics` is served (`--metrics-listen`), if anywhere. */
  metricsUrl?: string;
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
 * accepting (a request on a kept connection gets fastify's 503), finishes the requests in flight, books what they
 * cost and closes the store (releasing the file store's lock).
 */
export async function startRelay(
  options: RelayOptions,
  log: (line: string) => void = () => undefined,
  extra: RelayExtras = {},
): Promise<RunningRelay> {
  let publicUrl = options.publicUrl;
  const metrics = new RelayMetrics();
  const wrapStore = (store: Parameters<typeof meteredStore>[0]) => meteredStore(store, metrics);
  const opened = options.gateway
    ? await openGateway(options.gateway, log, { ...extra.gatewayStore, wrapStore })
    : undefined;
  let metricsServer: MetricsServer | undefined;
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
      onUpstreamError: () => metrics.upstreamErrors.inc(),
    });
    const checks: ReadinessCheck[] = [upstreamReachable(upstreamRoot(options.upstream), extra.fetch ?? fetch)];
    const store = opened?.store;
    if (store) checks.push(storeReachable(() => store.teamSettings()));
    installOperations(app, { checks, metrics });
    await app.listen({ port: options.port, host: options.host });
    if (options.metricsListen) {
      metricsServer = await startMetricsServer(metrics, options.metricsListen.host, options.metricsListen.port);
    }
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
    publicUrl ??= new URL(url);
    const running: RunningRelay = {
      url,
      close: async () => {
        // Node closes the connections idle when the server stops, not those that turn idle after: a keep-alive
        // connection whose request was in flight would hold the stop for its whole keep-alive timeout. Each is
        // closed as soon as its answer has gone.
        const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
          await metricsServer?.close();
          await opened?.store.close();
        }
      },
    };
    if (metricsServer) running.metricsUrl = metricsServer.url;
    return running;
  } catch (error) {
    await metricsServer?.close();
    await opened?.store.close();
    throw error;
  }
}

/** The origin and path prefix the API is under, as the relay forwards to it. */
function upstreamRoot(upstream: URL): string {
  return `${upstream.origin}${apiRootPath(upstream.pathname)}`;
}
