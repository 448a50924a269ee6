import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** `npm run relay -- --team-key-file F …` as an admin runs it: a real process, its output, its stop. */
const root = join(__dirname, "../../..");
const KEY = "team-secret-for-main-0123456789";

function relayProcess(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/relay/main.ts", ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { text: "" };
  child.stdout.on("data", (d: Buffer) => (output.text += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output.text += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output, exit };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "gateway-main-"));
  writeFileSync(join(dir, "team.key"), `${KEY}\n`);
  writeFileSync(join(dir, "empty.key"), "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the gateway process says what it is, refuses callers without a personal token, and stops on SIGTERM", async () => {
  const relay = relayProcess([
    "--upstream",
    "http://127.0.0.1:9",
    "--port",
    "0",
    "--team-key-file",
    join(dir, "team.key"),
    "--state-dir",
    join(dir, "state"),
    "--plan",
    "plus",
  ]);
  try {
    const deadline = Date.now() + 30_000;
    while (!/Gateway:/.test(relay.output.text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(relay.output.text).toMatch(
      /Gateway: personal tokens only, the team's key from \S+team\.key; state in the file store in \S+state; plan plus \(2 credits per MB\); 40 reads a minute, 15 executions a minute/,
    );
    const url = /Relay: (\S+)/.exec(relay.output.text)![1]!;
    const refused = await fetch(`${url}/v1/execution/00000000000000000000000000/status`, {
      headers: { "X-Service-Api-Key": KEY },
    });
    expect(refused.status).toBe(401);
    relay.child.kill("SIGTERM");
    expect(await relay.exit).toBe(0);
    expect(relay.output.text).not.toContain(KEY);
  } finally {
    relay.child.kill("SIGKILL");
  }
});

test("a team key file it cannot use stops the start (exit 1), naming the file and not its content", async () => {
  const relay = relayProcess(["--upstream", "http://127.0.0.1:9", "--team-key-file", join(dir, "empty.key")]);
  expect(await relay.exit).toBe(1);
  expect(relay.output.text).toContain(
    `The relay could not start: The team key file ${join(dir, "empty.key")} is empty`,
  );
});
