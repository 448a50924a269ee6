import { defaultOptions, startService } from "../../src/service";

/**
 * The local service as its own process, for tests that must watch the process itself (does it survive?): started
 * like `npm run service`, with Node's default of ending the process on an unhandled rejection, but without the curated
 * datasets (whose background snapshots would write to the disk under test). Arguments: data directory, keys JSON.
 */
async function main(): Promise<void> {
  const [dataDir, keys] = process.argv.slice(2);
  const service = await startService(
    defaultOptions({ port: 0, dataDir, keys: JSON.parse(keys) as [], datasets: false, log: (l) => console.error(l) }),
  );
  console.log(`Service API: ${service.url}/v1`);
  process.once("SIGTERM", () => void service.close().finally(() => process.exit(0)));
}

void main().catch((error: Error) => {
  console.error(`could not start: ${error.message}`);
  process.exit(1);
});
