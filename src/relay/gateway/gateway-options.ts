import { PLANS, billingPlan, isPlan, type BillingPlan } from "../../billing";
import { CommandLineError, wholeNumber, type FlagSpec } from "../../cli";
import { isDatabaseUrl } from "../../team-store";

/**
 * The relay's gateway mode: on with `--team-key-file`. The defaults for pacing are the service's lowest plan's
 * limits per minute (its public rate-limits page: Free, 40 "high limit" reads and 15 "low limit" writes).
 */
export const DEFAULT_READS_PER_MINUTE = 40;
export const DEFAULT_WRITES_PER_MINUTE = 15;

export const GATEWAY_FLAGS = {
  "team-key-file": {
    value: "F",
    env: "RELAY_TEAM_KEY_FILE",
    help: "gateway mode: the team's API key, read from this file; people sign in with personal tokens",
  },
  database: {
    value: "URL",
    env: "RELAY_DATABASE",
    help: "gateway: PostgreSQL (postgres://user:password@host/db) shared by several instances",
  },
  "state-dir": {
    value: "DIR",
    env: "RELAY_STATE_DIR",
    help: "gateway: the file store's directory, one instance (default .gateway-data)",
  },
  plan: {
    value: "NAME",
    env: "RELAY_PLAN",
    help: `gateway: the team key's plan, pricing reads (${PLANS.join(", ")}; default free)`,
  },
  "plan-credits-per-mb": {
    value: "N",
    env: "RELAY_PLAN_CREDITS_PER_MB",
    help: "gateway: the Enterprise contract's credits per MB exported (with --plan enterprise)",
  },
  "max-credits-per-request": {
    value: "N",
    env: "RELAY_MAX_CREDITS_PER_REQUEST",
    help: "gateway: the per-request cap set on the team key in the service's settings, in credits: every read goes under it, which bounds how far one read can pass its estimate",
  },
  "reads-per-minute": {
    value: "N",
    env: "RELAY_READS_PER_MINUTE",
    help: `gateway: the team key's reads a minute, shared by every instance (default ${DEFAULT_READS_PER_MINUTE}; 0: not paced)`,
  },
  "writes-per-minute": {
    value: "N",
    env: "RELAY_WRITES_PER_MINUTE",
    help: `gateway: the team key's executes a minute (default ${DEFAULT_WRITES_PER_MINUTE}; 0: not paced)`,
  },
} satisfies Record<string, FlagSpec>;

export interface GatewayOptions {
  /** Where the team's key is read from at start (never from a flag's value: it would show in `ps`). */
  teamKeyFile: string;
  database?: string;
  stateDir?: string;
  plan: BillingPlan;
  /**
   * The per-request cap set on the team key at the service (credits): reads are kept under it (see `capRead`), so
   * none can pass its reservation by more. Undefined: the key has none, and a read's error has no bound.
   */
  maxCreditsPerRequest?: number;
  /** Upstream requests a minute per class, for the whole team; null: that class is not paced. */
  readsPerMinute: number | null;
  writesPerMinute: number | null;
}

type Values = Partial<Record<keyof typeof GATEWAY_FLAGS, string>>;

/** The gateway's options from its flags; undefined without `--team-key-file` (the plain relay). */
export function gatewayOptions(values: Values): GatewayOptions | undefined {
  const file = values["team-key-file"];
  if (file === undefined) {
    const stray = (Object.keys(GATEWAY_FLAGS) as (keyof Values)[]).find((flag) => values[flag] !== undefined);
    if (stray) throw new CommandLineError(`--${stray} is a gateway flag: give --team-key-file F as well`);
    return undefined;
  }
  if (values.database !== undefined && !isDatabaseUrl(values.database)) {
    throw new CommandLineError("--database must be a postgres:// or postgresql:// URL");
  }
  if (values.database !== undefined && values["state-dir"] !== undefined) {
    throw new CommandLineError("give --database (several instances) or --state-dir (one), not both");
  }
  const options: GatewayOptions = {
    teamKeyFile: file,
    plan: plan(values.plan ?? "free", values["plan-credits-per-mb"]),
    readsPerMinute: perMinute("reads-per-minute", values["reads-per-minute"], DEFAULT_READS_PER_MINUTE),
    writesPerMinute: perMinute("writes-per-minute", values["writes-per-minute"], DEFAULT_WRITES_PER_MINUTE),
  };
  const cap = values["max-credits-per-request"];
  if (cap !== undefined) options.maxCreditsPerRequest = credits("max-credits-per-request", cap);
  if (values.database !== undefined) options.database = values.database;
  if (values["state-dir"] !== undefined) options.stateDir = values["state-dir"];
  return options;
}

function plan(name: string, rate: string | undefined): BillingPlan {
  const lower = name.trim().toLowerCase();
  if (!isPlan(lower)) throw new CommandLineError(`--plan must be one of ${PLANS.join(", ")}, got "${name}"`);
  if (lower !== "enterprise") {
    if (rate !== undefined) throw new CommandLineError("--plan-credits-per-mb goes with --plan enterprise");
    return billingPlan(lower);
  }
  const value = Number(rate);
  if (rate === undefined || rate.trim() === "" || !Number.isFinite(value) || value < 0) {
    throw new CommandLineError("--plan enterprise needs --plan-credits-per-mb N (the contract's credits per MB)");
  }
  return billingPlan("enterprise", value);
}

function perMinute(flag: string, text: string | undefined, fallback: number): number | null {
  const value = text === undefined ? fallback : wholeNumber(flag, text, 1_000_000);
  return value === 0 ? null : value;
}

/** A positive number of credits (hundredths allowed, as the service prices). */
function credits(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value <= 0) {
    throw new CommandLineError(`--${flag} must be a positive number of credits, got "${text}"`);
  }
  return value;
}
