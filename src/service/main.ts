#!/usr/bin/env node
import { resolve } from "node:path";
import { parseCli } from "./cli-options";
import { DEMO_KEY } from "./demo/demo-keys";
import { startService } from "./start-service";

/** `npm run service -- [flags]`: the local API service until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const service = await startService(parsed.options);
  console.log(`Service API:    ${service.url}/v1`);
  console.log(`Data directory: ${resolve(parsed.options.dataDir)}`);
  if (parsed.demoKeys) console.log(`Demo API key:   ${DEMO_KEY}   (send it in the X-Service-Api-Key header)`);
  void service.warmDatasets();
  const stop = (signal: string) => {
    console.log(`${signal}: stopping the service…`);
    service.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

void main().catch((error) => {
  console.error(`The service could not start: ${(error as Error).message}`);
  process.exit(1);
});
