import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { FileGatewayStore, runAdminCommand } from "../../src/team-store";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gateway-admin-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(
    [...argv, "--state-dir", dir],
    {},
    { out: (l) => out.push(l), error: (l) => err.push(l) },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

const tokenIn = (text: string) => /\bsgw_[A-Za-z0-9_-]{43}\b/.exec(text)?.[0];

async function whoHas(token: string): Promise<string | undefined> {
  const store = FileGatewayStore.open(dir);
  try {
    return (await store.authenticate(token))?.name;
  } finally {
    await store.close();
  }
}

describe("npm run relay -- users … / budget …", () => {
  test("users add prints the token once; it authenticates; only its hash is kept", async () => {
    const added = await admin("users", "add", "Alice", "--budget-per-day", "200");
    expect(added).toMatchObject({ code: 0, err: "" });
    expect(added.out).toMatch(
      /^Added alice \(member; budget per day 200 credits, per month no limit\)\.\nToken for alice/,
    );
    const token = tokenIn(added.out)!;
    expect(await whoHas(token)).toBe("alice");
    const kept = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("\n");
    expect(kept).not.toContain(token.slice(4));

    const list = await admin("users", "list");
    expect(list.code).toBe(0);
    expect(list.out).not.toMatch(/sgw_/);
    expect(list.out.split("\n")[0]).toMatch(
      /^NAME +ROLE +STATE +PER DAY +PER MONTH +SPENT TODAY +SPENT THIS MONTH +ADDED$/,
    );
    expect(list.out).toMatch(
      /\nalice +member +active +200 credits +no limit +0 credits +0 credits +\d{4}-\d\d-\d\d \d\d:\d\d UTC\n/,
    );
    expect(list.out).toMatch(/Team budget: per day no limit, per month no limit; days and months counted in UTC\./);
  });

  test("revoke refuses the token; rotate prints a new one and refuses the old; add reinstates", async () => {
    const first = tokenIn((await admin("users", "add", "bob", "--unlimited", "--admin")).out)!;
    const rotated = await admin("users", "rotate", "bob");
    expect(rotated.code).toBe(0);
    const second = tokenIn(rotated.out)!;
    expect(second).not.toBe(first);
    expect(await whoHas(first)).toBeUndefined();
    expect(await whoHas(second)).toBe("bob");
    expect(await admin("users", "revoke", "bob")).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Revoked bob/),
    });
    expect(await whoHas(second)).toBeUndefined();
    expect((await admin("users", "list")).out).toMatch(/\nbob +admin +revoked \d{4}-\d\d-\d\d \d\d:\d\d UTC +no limit/);
    expect(await admin("users", "rotate", "bob")).toMatchObject({
      code: 1,
      err: expect.stringMatching(/bob" was revoked/),
    });
    const back = tokenIn((await admin("users", "add", "bob", "--budget-per-month", "5000")).out)!;
    expect(await whoHas(back)).toBe("bob");
  });

  test("budgets of a person and of the team change; 'none' lifts a limit", async () => {
    await admin("users", "add", "carol", "--budget-per-day", "10", "--budget-per-month", "100");
    expect((await admin("users", "budget", "carol", "--per-day", "none", "--per-month", "250.5")).out).toBe(
      "carol: budget per day no limit, per month 250.5 credits.",
    );
    expect(
      (await admin("budget", "team", "--per-day", "1000", "--per-month", "20000", "--time-zone", "Europe/Paris")).out,
    ).toBe("Team budget: per day 1,000 credits, per month 20,000 credits; days and months counted in Europe/Paris.");
    expect((await admin("budget", "team")).out).toMatch(
      /per day 1,000 credits, per month 20,000 credits; .* Europe\/Paris\./,
    );
  });

  test.each([
    [["users"], 2, /^Gateway administration:/],
    [["users", "delete", "x"], 2, /^Gateway administration:/],
    [["users", "add"], 2, /users add needs NAME/],
    [["users", "add", "dave"], 2, /Give --budget-per-day N and\/or --budget-per-month N \(credits\), or --unlimited/],
    [["users", "add", "dave", "--budget-per-day", "lots"], 2, /--budget-per-day must be a number of credits or "none"/],
    [["users", "add", "dave", "--budget-per-day=-5"], 1, /dave's budget per day must be a number of credits from 0/],
    [["users", "add", "dave", "--budget-per-day", "1", "--nope"], 2, /Unknown option '--nope'/],
    [["users", "add", "da ve", "--unlimited"], 1, /"da ve" is not a valid name/],
    [["users", "revoke", "nobody"], 1, /No person named "nobody"/],
    [["budget", "team", "--time-zone", "Moon/Base"], 1, /"Moon\/Base" is not a time zone/],
    [["users", "list", "--database", "mysql://x"], 2, /--database must be a postgres:\/\/ or postgresql:\/\/ URL/],
  ])("%j exits %i with a message", async (argv, code, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(code);
    expect(result.err).toMatch(message);
  });

  test("the file store in use by a running relay is refused, naming its process", async () => {
    const store = FileGatewayStore.open(dir);
    try {
      const result = await admin("users", "list");
      expect(result).toMatchObject({ code: 1, err: expect.stringContaining(`is in use by process ${process.pid}`) });
    } finally {
      await store.close();
    }
  });

  test("npm run relay dispatches users … to the admin command (RELAY_STATE_DIR read from the environment)", () => {
    const root = resolve(__dirname, "..", "..");
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", join(root, "src/relay/main.ts"), "users", "add", "erin", "--budget-per-day", "5"],
      { cwd: root, env: { ...process.env, RELAY_STATE_DIR: dir }, encoding: "utf8", timeout: 60_000 },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Added erin/);
    // The store was closed: its lock is gone, its state is written.
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });
});
