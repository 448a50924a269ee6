import { FileGatewayStore } from "../../src/team-store";
import type { RunningRelay } from "../../src/relay";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService } from "../support/service";
import { GatewayRun } from "../relay/gateway/support/gateway-harness";
import { type Workbench, errorOf, generatedMetadata, matrixOf, workbench } from "./support/harness";

/**
 * SERVICE cells behind a team gateway: what the gateway says when it refuses (a person's spent budget and when it
 * resets, a revoked token) is what the cell says, not the service's advice about a key the person does not hold.
 */
jest.setTimeout(60_000);

let service: TestService;
let metadata: FunctionsMetadata;
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
const tokens: Record<string, string> = {};
let bench: Workbench | undefined;

beforeAll(async () => {
  [service, metadata] = await Promise.all([
    startTestService({ datasets: true, corsOrigins: [], billing: { demo: { plan: "free" } } }),
    generatedMetadata(),
  ]);
  run = new GatewayRun(service.apiKey);
  stateDir = run.tempDir("gateway-state-");
  const store = FileGatewayStore.open(stateDir);
  for (const [name, perDay] of [
    ["alice", 5],
    ["carol", 5],
  ] as const)
    tokens[name] = (await store.addPerson({ name, budgets: { perDay, perMonth: null } })).token;
  await store.revokePerson("carol");
  await store.close();
  relay = await run.start(service.url, { stateDir });
}, 120_000);
afterAll(async () => {
  await run?.close();
  await service?.close();
});
afterEach(() => bench?.close());

test("a spent budget: the cell names whose budget, when it resets and what to do", async () => {
  bench = workbench(metadata, { baseUrl: relay.url, apiKey: tokens.alice });
  // Within the budget first, then datasets until one is refused.
  expect(matrixOf(await bench.cell("DATASET", "avs").result()).length).toBeGreaterThan(1);
  let refused: ReturnType<typeof errorOf> | undefined;
  for (const name of ["operators", "users", "channels"]) {
    const value = await bench.cell("DATASET", name).result();
    if (!Array.isArray(value)) {
      refused = errorOf(value);
      break;
    }
  }
  expect(refused?.code).toBe("#VALUE!");
  expect(refused?.message).toMatch(
    /^Alice's daily budget of 5 credits would be exceeded: .* It resets at \d{4}-\d\d-\d\d 00:00 UTC\. Until then: ask your team's admin to raise your budget, or narrow the read\.$/,
  );
});

test("a revoked token: the cell says so and who gives a new one", async () => {
  bench = workbench(metadata, { baseUrl: relay.url, apiKey: tokens.carol });
  const refused = errorOf(await bench.cell("DATASET", "avs").result());
  expect(refused.code).toBe("#VALUE!");
  expect(refused.message).toMatch(
    /^Invalid API key: this address is a team gateway, .*revoked.*ask them for a new one$/,
  );
});
