import { readFileSync } from "node:fs";
import { parseKeysFile } from "./auth/keys";
import { defaultOptions } from "./default-options";
import type { ServiceOptions } from "./options";
import { parseQueriesFile } from "./queries/load-queries";

/** Each flag and the environment variable that can stand for it. */
const FLAGS = {
  "--port": "SERVICE_PORT",
  "--host": "SERVICE_HOST",
  "--data-dir": "SERVICE_DATA_DIR",
  "--queries": "SERVICE_QUERIES",
  "--keys": "SERVICE_KEYS",
  "--rate-limit": "SERVICE_RATE_LIMIT",
  "--max-result-bytes": "SERVICE_MAX_RESULT_BYTES",
  "--cors-origins": "SERVICE_CORS_ORIGINS",
} as const;

type Flag = keyof typeof FLAGS;

export const USAGE = `Usage: npm run service -- [flags]   (each flag also reads the environment variable shown)
  --port N               ${FLAGS["--port"]}  port to listen on (default 8787; 0 picks a free one)
  --host ADDR            ${FLAGS["--host"]}  address to bind (default 127.0.0.1)
  --data-dir DIR         ${FLAGS["--data-dir"]}  results and execution metadata (default .service-data/)
  --queries FILE         ${FLAGS["--queries"]}  saved queries JSON (default: the built-in demo queries)
  --keys FILE            ${FLAGS["--keys"]}  API keys JSON (default: the demo key, printed at start)
  --rate-limit N         ${FLAGS["--rate-limit"]}  requests per minute per key, 429 beyond (default off)
  --max-result-bytes N   ${FLAGS["--max-result-bytes"]}  stored results above this are truncated (default 8 GB)
  --cors-origins LIST    ${FLAGS["--cors-origins"]}  comma-separated origins allowed (default: localhost dev origins)`;

export interface CliResult {
  options: ServiceOptions;
  demoKeys: boolean;
}

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliResult {
  const values: Partial<Record<Flag, string>> = {};
  for (const [flag, name] of Object.entries(FLAGS) as [Flag, string][]) {
    if (env[name] !== undefined && env[name] !== "") values[flag] = env[name];
  }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag === "--help" || flag === "-h") throw new Error(USAGE);
    if (!(flag in FLAGS)) throw new Error(`unknown flag ${flag}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    values[flag as Flag] = value;
  }
  const overrides: Partial<ServiceOptions> = {};
  if (values["--port"] !== undefined) overrides.port = wholeNumber("--port", values["--port"], 65535);
  if (values["--host"] !== undefined) overrides.host = values["--host"];
  if (values["--data-dir"] !== undefined) overrides.dataDir = values["--data-dir"];
  if (values["--queries"] !== undefined)
    overrides.queries = parseQueriesFile(readJson(values["--queries"]), values["--queries"]);
  if (values["--keys"] !== undefined) overrides.keys = parseKeysFile(readJson(values["--keys"]), values["--keys"]);
  if (values["--rate-limit"] !== undefined)
    overrides.rateLimitPerMinute = wholeNumber("--rate-limit", values["--rate-limit"], 1e9);
  if (values["--max-result-bytes"] !== undefined) {
    overrides.maxResultBytes = wholeNumber("--max-result-bytes", values["--max-result-bytes"], Number.MAX_SAFE_INTEGER);
  }
  if (values["--cors-origins"] !== undefined) {
    overrides.corsOrigins = values["--cors-origins"]
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean);
  }
  return { options: defaultOptions(overrides), demoKeys: values["--keys"] === undefined };
}

function wholeNumber(flag: string, text: string, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > max) throw new Error(`${flag} must be a whole number from 0 to ${max}, got "${text}"`);
  return n;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
}
