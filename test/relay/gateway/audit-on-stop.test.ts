import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileGatewayStore } from "../../../src/team-store";
import { startTestService, type TestService } from "../../support/service";

/**
 * The gateway process writes cache hits to the audit log in batches (a quarter of a second apart at most): a SIGTERM
 * that comes while a batch is pending must still find every entry in the log once the process has exited.
 */
const root = join(__dirname, "../../..");
jest.setTimeout(90_000);

let svc: TestService;
let dir: string;
beforeAll(async () => {
  svc = await startTestService();
  dir = mkdtempSync(join(tmpdir(), "gateway-stop-"));
  writeFileSync(join(dir, "team.key"), `${svc.apiKey}\n`, { mode: 0o600 });
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("cache hits audited just before a SIGTERM are in the log after the stop", async () => {
  const stateDir = join(dir, "state");
  const seed = FileGatewayStore.open(stateDir);
  const { token } = await seed.addPerson({ name: "alice", budgets: { perDay: null, perMonth: null } });
  await seed.close();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/relay/main.ts", "--upstream", svc.url, "--port", "0"].concat([
      "--team-key-file",
      join(dir, "team.key"),
      "--state-dir",
      stateDir,
      "--plan",
      "plus",
    ]),
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    const deadline = Date.now() + 30_000;
    while (!/Relay: (\S+)/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /Relay: (\S+)/.exec(output)![1]!;
    const call = async (method: string, path: string) => {
      const headers = { "X-Service-Api-Key": token, "Content-Type": "application/json" };
      const answer = await fetch(`${url}${path}`, { method, headers, ...(method === "POST" ? { body: "{}" } : {}) });
      return (await answer.json()) as Record<string, unknown>;
    };
    const id = (await call("POST", "/v1/query/1002/execute")).execution_id as string;
    for (let i = 0; i < 600 && (await call("GET", `/v1/execution/${id}/status`)).is_execution_finished !== true; i++)
      await new Promise((r) => setTimeout(r, 50));
    const page = `/v1/execution/${id}/results?limit=10`;
    await call("GET", page);
    // Three reads of a page the relay holds: three cache hits, batched, and the stop right behind them.
    for (let i = 0; i < 3; i++) expect((await call("GET", page)).result).toBeDefined();
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
  expect((output.match(/"cache":"hit"/g) ?? []).length).toBe(3);
  const store = FileGatewayStore.open(stateDir);
  try {
    const entries = await store.auditEntries({ from: 0, to: Number.MAX_SAFE_INTEGER });
    expect(entries.filter((e) => e.outcome === "cached").map((e) => [e.person, e.action, e.credits])).toEqual([
      ["alice", "read", 0],
      ["alice", "read", 0],
      ["alice", "read", 0],
    ]);
  } finally {
    await store.close();
  }
});
