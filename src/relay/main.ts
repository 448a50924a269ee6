#!/usr/bin/env node
import { describeLocation, isAdminCommand, passwordWarning, runAdminCommand } from "../team-store";
import { parseRelayOptions } from "./relay-options";
import { startRelay } from "./start-relay";

/** `npm run relay -- --upstream URL [flags]`: the relay until SIGINT/SIGTERM (requests in flight are finished). */
async function main(): Promise<void> {
  let options;
  try {
    options = parseRelayOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const fromFlag = process.argv.slice(2).some((arg) => /^--database(=|$)/.test(arg));
  const warning = passwordWarning(options.gateway?.database, fromFlag);
  if (warning !== undefined) console.error(warning);
  const relay = await startRelay(options, (line) => console.log(line));
  console.log(`Relay: ${relay.url} → ${options.upstream.origin}${options.upstream.pathname.replace(/\/+$/, "")}`);
  if (relay.metricsUrl) console.log(`Metrics: ${relay.metricsUrl} (Prometheus; keep this address private)`);
  const gateway = options.gateway;
  if (gateway) {
    const pace = (n: number | null, what: string) => (n === null ? `${what} not paced` : `${n} ${what} a minute`);
    console.log(
      `Gateway: personal tokens only, the team's key from ${gateway.teamKeyFile}; state in ` +
        `${describeLocation(gateway)}; plan ${gateway.plan.plan} (${gateway.plan.creditsPerMb} credits per MB); ` +
        `${pace(gateway.readsPerMinute, "reads")}, ${pace(gateway.writesPerMinute, "executions")}`,
    );
  }
  const stop = (signal: string) => {
    console.log(`${signal}: stopping the relay…`);
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

// `npm run relay -- users …` and `budget …` are the gateway's admin commands (src/team-store), not a relay to start.
const argv = process.argv.slice(2);
if (isAdminCommand(argv)) {
  void runAdminCommand(argv, process.env, { out: console.log, error: console.error }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  void main().catch((error: unknown) => {
    console.error(`The relay could not start: ${(error as Error).message}`);
    process.exit(1);
  });
}
