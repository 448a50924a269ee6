import { buildRelay } from "./build-relay";
import { cacheLimits, type RelayOptions } from "./relay-options";

export interface RunningRelay {
  url: string;
  close(): Promise<void>;
}

/** Starts the relay on a real port; `close` stops accepting and finishes the requests in flight. */
export async function startRelay(
  options: RelayOptions,
  log: (line: string) => void = () => undefined,
  extra: { authorizationTtlMs?: number; fetch?: typeof fetch } = {},
): Promise<RunningRelay> {
  let publicUrl = options.publicUrl;
  const app = await buildRelay({
    upstream: options.upstream,
    publicUrl: () => publicUrl as URL,
    allowOrigins: options.allowOrigins,
    cache: cacheLimits(options),
    cacheDir: options.cacheDir,
    authorizationTtlMs: extra.authorizationTtlMs ?? 60_000,
    log,
    fetch: extra.fetch,
  });
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
  publicUrl ??= new URL(url);
  return { url, close: () => app.close() };
}
