import { CommandLineError, commaList, httpUrl, parseFlags, wholeNumber, type FlagSpec } from "../cli";
import { GATEWAY_FLAGS, gatewayOptions, type GatewayOptions } from "./gateway/gateway-options";
import type { CacheLimits } from "./result-cache";

/** The add-in's own origins: the dev server and `npm start`'s sideloading address. */
export const DEFAULT_ALLOW_ORIGINS = ["https://localhost:3000"];
const DEFAULT_CACHE_MB = 256;
/** A page larger than this share of the memory cache is streamed past, not kept. */
const DEFAULT_PAGE_SHARE = 8;
const DEFAULT_CACHE_DISK_MB = 1024;

const FLAGS = {
  upstream: {
    value: "URL",
    env: "RELAY_UPSTREAM",
    help: "the API to forward to (required), e.g. its https base address",
  },
  port: { value: "N", env: "RELAY_PORT", help: "port to listen on (default 8788; 0 picks a free one)" },
  host: { value: "ADDR", env: "RELAY_HOST", help: "address to bind (default 127.0.0.1)" },
  "allow-origins": {
    value: "LIST",
    env: "RELAY_ALLOW_ORIGINS",
    help: `comma-separated origins allowed by CORS (default ${DEFAULT_ALLOW_ORIGINS.join(",")})`,
  },
  "public-url": {
    value: "URL",
    env: "RELAY_PUBLIC_URL",
    help: "the address callers use; paging links point there (default: the bound address)",
  },
  "cache-dir": {
    value: "DIR",
    env: "RELAY_CACHE_DIR",
    help: "also keep cached pages on disk here (default: memory only)",
  },
  "cache-mb": {
    value: "N",
    env: "RELAY_CACHE_MB",
    help: "memory for cached pages, in MB (default 256; 0 turns the cache off)",
  },
  "cache-page-mb": {
    value: "N",
    env: "RELAY_CACHE_PAGE_MB",
    help: "largest page kept, in MB; larger pages are streamed past (default: an eighth of --cache-mb)",
  },
  "cache-disk-mb": {
    value: "N",
    env: "RELAY_CACHE_DISK_MB",
    help: `disk for cached pages under --cache-dir, in MB (default ${DEFAULT_CACHE_DISK_MB})`,
  },
  "metrics-listen": {
    value: "HOST:PORT",
    env: "RELAY_METRICS_LISTEN",
    help: "serve Prometheus metrics at /metrics on this address of its own, e.g. 127.0.0.1:9464 (default: off)",
  },
  ...GATEWAY_FLAGS,
} satisfies Record<string, FlagSpec>;

export interface RelayOptions {
  upstream: URL;
  port: number;
  host: string;
  allowOrigins: string[];
  publicUrl?: URL;
  cacheDir?: string;
  cacheMb: number;
  /** The largest page kept (MB; default an eighth of `cacheMb`); larger ones are streamed past. */
  cachePageMb?: number;
  /** Disk for cached pages under `cacheDir` (MB; default 1024). */
  cacheDiskMb?: number;
  /** Gateway mode (`--team-key-file`): people sign in with personal tokens; absent, the plain relay. */
  gateway?: GatewayOptions;
  /** `--metrics-listen`: where `/metrics` is served, apart from the callers' port; absent, nowhere. */
  metricsListen?: { host: string; port: number };
}

const MB = 1024 * 1024;

/** The cache's budgets in bytes, defaults filled in. */
export function cacheLimits(options: RelayOptions): CacheLimits {
  return {
    memoryBytes: options.cacheMb * MB,
    pageBytes: (options.cachePageMb ?? options.cacheMb / DEFAULT_PAGE_SHARE) * MB,
    diskBytes: (options.cacheDiskMb ?? DEFAULT_CACHE_DISK_MB) * MB,
  };
}

/** `npm run relay -- [flags]`: flags win over their environment variables. */
export function parseRelayOptions(argv: readonly string[], env: NodeJS.ProcessEnv): RelayOptions {
  const values = parseFlags("npm run relay -- --upstream URL [flags]", FLAGS, argv, env);
  if (values.upstream === undefined) throw new CommandLineError("--upstream URL is required (or RELAY_UPSTREAM)");
  const options: RelayOptions = {
    upstream: httpUrl("upstream", values.upstream),
    port: values.port === undefined ? 8788 : wholeNumber("port", values.port, 65535),
    host: values.host ?? "127.0.0.1",
    allowOrigins: values["allow-origins"] === undefined ? DEFAULT_ALLOW_ORIGINS : commaList(values["allow-origins"]),
    cacheMb:
      values["cache-mb"] === undefined ? DEFAULT_CACHE_MB : wholeNumber("cache-mb", values["cache-mb"], 1_000_000),
  };
  if (values["cache-page-mb"] !== undefined) {
    options.cachePageMb = wholeNumber("cache-page-mb", values["cache-page-mb"], 1_000_000);
  }
  if (values["cache-disk-mb"] !== undefined) {
    options.cacheDiskMb = wholeNumber("cache-disk-mb", values["cache-disk-mb"], 100_000_000);
  }
  if (values["public-url"] !== undefined) options.publicUrl = httpUrl("public-url", values["public-url"]);
  if (values["cache-dir"] !== undefined) options.cacheDir = values["cache-dir"];
  if (values["metrics-listen"] !== undefined) options.metricsListen = listenAddress(values["metrics-listen"]);
  const gateway = gatewayOptions(values);
  if (gateway) options.gateway = gateway;
  return options;
}

/** `HOST:PORT` (an IPv6 host in brackets, `[::1]:9464`). */
function listenAddress(text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d+)$/.exec(text);
  if (!match) throw new CommandLineError(`--metrics-listen: expected HOST:PORT (e.g. 127.0.0.1:9464), got ${text}`);
  return { host: match[1] ?? (match[2] as string), port: wholeNumber("metrics-listen", match[3] as string, 65535) };
}
