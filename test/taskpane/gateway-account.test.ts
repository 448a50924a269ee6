import { FileGatewayStore } from "../../src/team-store";
import type { RunningRelay } from "../../src/relay";
import type { GatewayAccount } from "../../src/session";
import { gatewayLine } from "../../src/taskpane/logic/gateway-line";
import { SignInController } from "../../src/taskpane/logic/sign-in-controller";
import { GatewayRun } from "../relay/gateway/support/gateway-harness";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

/**
 * Account at a team gateway: signing in with a personal token shows who is signed in and what is left of the
 * budgets; at the service itself (or a plain relay) nothing more is shown.
 */
let service: TestService;
let run: GatewayRun;
let relay: RunningRelay;
let token = "";
beforeAll(async () => {
  service = await startTestService();
  run = new GatewayRun(service.apiKey);
  const stateDir = run.tempDir("gateway-state-");
  const store = FileGatewayStore.open(stateDir);
  token = (await store.addPerson({ name: "alice", budgets: { perDay: 200, perMonth: null } })).token;
  await store.budgetStatus("alice");
  await store.setTeamSettings({ perMonth: 5000 });
  await store.close();
  relay = await run.start(service.url, { stateDir });
}, 60_000);
afterAll(async () => {
  await run?.close();
  await service?.close();
});

test("signed in with a personal token at a gateway, Account says who and what is left; signed out, nothing", async () => {
  const pane = await testPane(relay.url);
  const signIn = new SignInController(pane.deps);
  expect(await signIn.save(token)).toBe("valid");
  expect(signIn.store.state.account).toMatchObject({
    name: "alice",
    admin: false,
    person: { day: { limit: 200, spent: 0, left: 200 }, month: { limit: null, left: null } },
    team: { month: { limit: 5000, left: 5000 } },
  });
  expect(gatewayLine(signIn.store.state.account!)).toBe(
    "Signed in as alice through your team's gateway. Your budget: 200 of 200 credits left today. Team: 5,000 of 5,000 credits left this month.",
  );
  // A run spends; Update asks again.
  await pane.session.client().run(1001);
  const requests = pane.session.usage.snapshot().requests;
  await signIn.refreshAccount();
  // The Usage tab counts the API's requests: asking the gateway who the key is is not one.
  expect(pane.session.usage.snapshot().requests).toBe(requests);
  expect(signIn.store.state.account?.person.day).toMatchObject({ spent: 10, left: 190 });
  await signIn.signOut();
  expect(signIn.store.state.account).toBeUndefined();
  expect(JSON.stringify(signIn.store.state)).not.toContain(token);
});

test("at the service itself, or with a key the gateway refuses, there is no gateway account", async () => {
  const direct = await testPane(service.url);
  const signIn = new SignInController(direct.deps);
  expect(await signIn.save(TEST_KEYS.demo)).toBe("valid");
  expect(signIn.store.state.account).toBeUndefined();
  expect(await (await testPane(relay.url, { apiKey: TEST_KEYS.demo })).session.gatewayAccount()).toBeUndefined();
  expect(await (await testPane("http://127.0.0.1:9", { apiKey: token })).session.gatewayAccount()).toBeUndefined();
  // A base address given with /v1 finds the gateway at its root.
  expect((await (await testPane(`${relay.url}/v1`, { apiKey: token })).session.gatewayAccount())?.name).toBe("alice");
});

test.each<[string, Partial<GatewayAccount>, string]>([
  ["no limits anywhere", {}, "Signed in as bob (admin) through your team's gateway. No personal budget."],
  [
    "a month's budget with decimals",
    { person: { day: none(), month: { limit: 1000, spent: 12.5, left: 987.5 } } },
    "Signed in as bob (admin) through your team's gateway. Your budget: 987.5 of 1,000 credits left this month.",
  ],
])("the line for %s", (_name, patch, line) => {
  const account: GatewayAccount = {
    name: "bob",
    admin: true,
    person: { day: none(), month: none() },
    team: { day: none(), month: none() },
    ...patch,
  };
  expect(gatewayLine(account)).toBe(line);
});

function none() {
  return { limit: null, spent: 0, left: null };
}
