import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore, runAdminCommand } from "../../../src/team-store";
import { FakeUpstream } from "./support/fake-upstream";
import { GatewayRun } from "./support/gateway-harness";

/**
 * A running one-instance gateway on the file store (which it holds locked) is administered without stopping it:
 * `--gateway URL` sends the command to the gateway, which runs it against the store it holds, and the change takes
 * effect at the next request.
 */
const upstream = new FakeUpstream();
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
let root: string;
let alice: string;

beforeAll(async () => {
  const url = await upstream.start();
  stateDir = mkdtempSync(join(tmpdir(), "gateway-live-admin-"));
  const store = FileGatewayStore.open(stateDir);
  root = (await store.addPerson({ name: "root", admin: true, budgets: { perDay: null, perMonth: null } })).token;
  alice = (await store.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: null } })).token;
  await store.close();
  run = new GatewayRun("team-key-live-admin");
  relay = await run.start(url, { stateDir });
});

afterAll(async () => {
  await run?.close();
  await upstream.close();
  rmSync(stateDir, { recursive: true, force: true });
});

async function admin(argv: string[], token = root): Promise<{ code: number; out: string[]; error: string[] }> {
  const out: string[] = [];
  const error: string[] = [];
  const code = await runAdminCommand(
    [...argv, "--gateway", relay.url],
    { RELAY_ADMIN_TOKEN: token },
    {
      out: (line) => out.push(line),
      error: (line) => error.push(line),
    },
  );
  return { code, out, error };
}

const me = (token: string) =>
  run.call<{ budgets: { person: { day: { limit: number | null } } } }>(relay.url, token, "GET", "/gateway/me");

test("without --gateway the file store is refused while the gateway holds it, as before", async () => {
  const errors: string[] = [];
  const code = await runAdminCommand(
    ["users", "list", "--state-dir", stateDir],
    {},
    { out: () => undefined, error: (l) => errors.push(l) },
  );
  expect(code).toBe(1);
  expect(errors.join("\n")).toMatch(/in use|lock/i);
});

test.each<[string, string[], () => Promise<void>]>([
  [
    "users add: the new token works at its next request",
    ["users", "add", "bob", "--budget-per-day", "5"],
    async () => undefined,
  ],
  [
    "users budget: the next request sees the new budget",
    ["users", "budget", "alice", "--per-day", "42"],
    async () => expect((await me(alice)).body.budgets.person.day.limit).toBe(42),
  ],
  [
    "users revoke: the token is refused at its next request",
    ["users", "revoke", "alice"],
    async () => expect((await me(alice)).status).toBe(401),
  ],
])("%s", async (_name, argv, check) => {
  const answer = await admin(argv);
  expect(answer).toMatchObject({ code: 0, error: [] });
  if (argv[1] === "add") {
    const token = answer.out.join("\n").match(/sgw_[A-Za-z0-9_-]{43}/)![0];
    expect((await me(token)).status).toBe(200);
  }
  await check();
});

test("only an admin's token may; a member's or none is refused", async () => {
  const bob = await admin(["users", "rotate", "bob"]);
  const member = bob.out.join("\n").match(/sgw_[A-Za-z0-9_-]{43}/)![0];
  expect(await admin(["users", "list"], member)).toMatchObject({ code: 1, error: [expect.stringMatching(/admins/)] });
  expect(await admin(["users", "list"], "")).toMatchObject({ code: 2 });
});
