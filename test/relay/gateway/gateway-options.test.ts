import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { parseRelayOptions } from "../../../src/relay";
import { TeamKey } from "../../../src/relay/gateway/team-key";

const upstream = ["--upstream", "https://api.example.test"];

describe("gateway flags (each also an environment variable)", () => {
  test("off without --team-key-file; on with it, with the lowest plan's pace by default", () => {
    expect(parseRelayOptions(upstream, {}).gateway).toBeUndefined();
    expect(parseRelayOptions([...upstream, "--team-key-file", "/k"], {}).gateway).toEqual({
      teamKeyFile: "/k",
      plan: { plan: "free", creditsPerMb: 20 },
      readsPerMinute: 40,
      writesPerMinute: 15,
    });
    const env = {
      RELAY_TEAM_KEY_FILE: "/run/key",
      RELAY_DATABASE: "postgres://u:p@db/gw",
      RELAY_PLAN: "Plus",
      RELAY_READS_PER_MINUTE: "200",
      RELAY_WRITES_PER_MINUTE: "0",
    };
    expect(parseRelayOptions(upstream, env).gateway).toEqual({
      teamKeyFile: "/run/key",
      database: "postgres://u:p@db/gw",
      plan: { plan: "plus", creditsPerMb: 2 },
      readsPerMinute: 200,
      writesPerMinute: null,
    });
    const enterprise = [...upstream, "--team-key-file", "k", "--plan", "enterprise", "--plan-credits-per-mb", "0.5"];
    expect(parseRelayOptions([...enterprise, "--state-dir", "/var/gw"], {}).gateway).toMatchObject({
      stateDir: "/var/gw",
      plan: { plan: "enterprise", creditsPerMb: 0.5 },
    });
    const capped = [...upstream, "--team-key-file", "k", "--max-credits-per-request", "2.5"];
    expect(parseRelayOptions(capped, {}).gateway).toMatchObject({ maxCreditsPerRequest: 2.5 });
    const fromEnv = { RELAY_TEAM_KEY_FILE: "k", RELAY_MAX_CREDITS_PER_REQUEST: "40" };
    expect(parseRelayOptions(upstream, fromEnv).gateway).toMatchObject({ maxCreditsPerRequest: 40 });
  });

  test.each([
    [["--database", "postgres://x/y"], /--database is a gateway flag: give --team-key-file F as well/],
    [["--team-key-file", "k", "--database", "mysql://x"], /--database must be a postgres:\/\//],
    [["--team-key-file", "k", "--database", "postgres://x/y", "--state-dir", "d"], /not both/],
    [["--team-key-file", "k", "--plan", "gold"], /--plan must be one of free, analyst, plus, enterprise/],
    [["--team-key-file", "k", "--plan", "enterprise"], /needs --plan-credits-per-mb/],
    [["--team-key-file", "k", "--plan-credits-per-mb", "3"], /goes with --plan enterprise/],
    [["--team-key-file", "k", "--reads-per-minute", "ten"], /--reads-per-minute must be a whole number/],
    [["--team-key-file", "k", "--max-credits-per-request", "0"], /--max-credits-per-request must be a positive number/],
    [["--max-credits-per-request", "5"], /--max-credits-per-request is a gateway flag/],
  ])("refused: %j", (argv, message) => {
    expect(() => parseRelayOptions([...upstream, ...argv], {})).toThrow(message);
  });
});

describe("the team's key", () => {
  const dir = mkdtempSync(join(tmpdir(), "team-key-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  test("read from its file (one line, surrounding space dropped), and never shown by printing it", async () => {
    const key = await TeamKey.read(file("ok", "  team-secret-key-0123\n"));
    expect(key.reveal()).toBe("team-secret-key-0123");
    const printed = [String(key), `${key}`, JSON.stringify({ key }), inspect(key), inspect({ nested: { key } })];
    expect(printed.join(" ")).not.toContain("team-secret-key-0123");
    expect(printed[0]).toBe("[team key]");
  });

  test.each([
    ["missing", undefined, /cannot be read \(ENOENT\)/],
    ["empty", "\n", /is empty/],
    ["two lines", "key-one\nkey-two\n", /alone on one line/],
    ["a personal token", `sgw_${"a".repeat(43)}`, /holds a personal token/],
  ])("refused: %s, the message never quoting the file", async (name, text, message) => {
    const path = text === undefined ? join(dir, "absent") : file(name, text);
    const failure = TeamKey.read(path);
    await expect(failure).rejects.toThrow(message);
    await expect(failure).rejects.not.toThrow(/key-one|aaaa/);
  });
});
