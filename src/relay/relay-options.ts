import { CommandLineError, commaList, httpUrl, parseFlags, wholeNumber, type FlagSpec } from "../cli";

/** The add-in's own origins: the dev server and `npm start`'s sideloading address. */
export const DEFAULT_ALLOW_ORIGINS = ["https://localhost:3000"];

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
} satisfies Record<string, FlagSpec>;

export interface RelayOptions {
  upstream: URL;
  port: number;
  host: string;
  allowOrigins: string[];
  publicUrl?: URL;
  cacheDir?: string;
  cacheMb: number;
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
    cacheMb: values["cache-mb"] === undefined ? 256 : wholeNumber("cache-mb", values["cache-mb"], 1_000_000),
  };
  if (values["public-url"] !== undefined) options.publicUrl = httpUrl("public-url", values["public-url"]);
  if (values["cache-dir"] !== undefined) options.cacheDir = values["cache-dir"];
  return options;
}
