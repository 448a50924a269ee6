import { readFileSync } from "node:fs";
import { CommandLineError, commaList, httpUrl, parseFlags, wholeNumber, type FlagSpec } from "../cli";
import { parseKeysFile } from "./auth/keys";
import { defaultOptions } from "./default-options";
import type { ServiceOptions } from "./options";
import { parseQueriesFile } from "./queries/load-queries";

/** Each flag, the environment variable that can stand for it, and its help. */
const FLAGS = {
  port: { value: "N", env: "SERVICE_PORT", help: "port to listen on (default 8787; 0 picks a free one)" },
  host: { value: "ADDR", env: "SERVICE_HOST", help: "address to bind (default 127.0.0.1)" },
  "data-dir": {
    value: "DIR",
    env: "SERVICE_DATA_DIR",
    help: "results and execution metadata (default .service-data/)",
  },
  queries: { value: "FILE", env: "SERVICE_QUERIES", help: "saved queries JSON (default: the built-in demo queries)" },
  keys: { value: "FILE", env: "SERVICE_KEYS", help: "API keys JSON (default: the demo key, printed at start)" },
  "rate-limit": {
    value: "N",
    env: "SERVICE_RATE_LIMIT",
    help: "requests per minute per key, 429 beyond (default off)",
  },
  "rate-limit-read": {
    value: "N",
    env: "SERVICE_RATE_LIMIT_READ",
    help: "reads (GET) per minute per key (default off)",
  },
  "rate-limit-write": {
    value: "N",
    env: "SERVICE_RATE_LIMIT_WRITE",
    help: "writes (execute, cancel) per minute per key (default off)",
  },
  "max-result-bytes": {
    value: "N",
    env: "SERVICE_MAX_RESULT_BYTES",
    help: "stored results above this are truncated (default 8 GB)",
  },
  "max-snapshot-bytes": {
    value: "N",
    env: "SERVICE_MAX_SNAPSHOT_BYTES",
    help: "curated-dataset snapshots kept on disk together; the oldest superseded expire beyond it (default 1 GB)",
  },
  "public-url": {
    value: "URL",
    env: "SERVICE_PUBLIC_URL",
    help: "the address callers use; paging links (next_uri) point there (default: the bound address)",
  },
  "curated-endpoints": {
    value: "on|off",
    env: "SERVICE_CURATED_ENDPOINTS",
    help: "serve the curated datasets' endpoints; off, they answer 404 as retired routes do (default on)",
  },
  "max-inflight": {
    value: "N",
    env: "SERVICE_MAX_INFLIGHT",
    help: "executions of one key running at once; more wait PENDING (default off)",
  },
  "cors-origins": {
    value: "LIST",
    env: "SERVICE_CORS_ORIGINS",
    help: "comma-separated origins allowed, or none (default: localhost dev origins)",
  },
} satisfies Record<string, FlagSpec>;

const COMMAND = "npm run service -- [flags]";
export interface CliResult {
  options: ServiceOptions;
  demoKeys: boolean;
}

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliResult {
  const values = parseFlags(COMMAND, FLAGS, argv, env);
  const overrides: Partial<ServiceOptions> = {};
  if (values.port !== undefined) overrides.port = wholeNumber("port", values.port, 65535);
  if (values.host !== undefined) overrides.host = values.host;
  if (values["data-dir"] !== undefined) overrides.dataDir = values["data-dir"];
  if (values.queries !== undefined) overrides.queries = parseQueriesFile(readJson(values.queries), values.queries);
  if (values.keys !== undefined) overrides.keys = parseKeysFile(readJson(values.keys), values.keys);
  if (values["rate-limit"] !== undefined) {
    overrides.rateLimitPerMinute = wholeNumber("rate-limit", values["rate-limit"], 1e9);
  }
  if (values["rate-limit-read"] !== undefined) {
    overrides.rateLimitRead = wholeNumber("rate-limit-read", values["rate-limit-read"], 1e9);
  }
  if (values["rate-limit-write"] !== undefined) {
    overrides.rateLimitWrite = wholeNumber("rate-limit-write", values["rate-limit-write"], 1e9);
  }
  if (values["max-result-bytes"] !== undefined) {
    overrides.maxResultBytes = wholeNumber("max-result-bytes", values["max-result-bytes"], Number.MAX_SAFE_INTEGER);
  }
  if (values["max-snapshot-bytes"] !== undefined) {
    const text = values["max-snapshot-bytes"];
    overrides.maxSnapshotBytes = wholeNumber("max-snapshot-bytes", text, Number.MAX_SAFE_INTEGER);
  }
  if (values["public-url"] !== undefined)
    overrides.publicUrl = httpUrl("public-url", values["public-url"]).toString().replace(/\/+$/, "");
  if (values["curated-endpoints"] !== undefined) {
    overrides.curatedEndpoints = onOff("curated-endpoints", values["curated-endpoints"]);
  }
  if (values["max-inflight"] !== undefined) {
    overrides.maxInflight = wholeNumber("max-inflight", values["max-inflight"], 1e6);
  }
  if (values["cors-origins"] !== undefined) {
    // "none": no origin is granted (the service behind a relay that answers CORS itself).
    const text = values["cors-origins"].trim();
    overrides.corsOrigins = text === "none" ? [] : commaList(text);
  }
  return { options: defaultOptions(overrides), demoKeys: values.keys === undefined };
}

function onOff(name: string, text: string): boolean {
  const value = text.trim().toLowerCase();
  if (value === "on") return true;
  if (value === "off") return false;
  throw new CommandLineError(`--${name} must be on or off, got "${text.slice(0, 40)}"`);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CommandLineError(`cannot read ${file}: ${(error as Error).message}`);
  }
}
