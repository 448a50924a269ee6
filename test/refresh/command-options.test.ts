import { spawn } from "node:child_process";
import { join } from "node:path";
import { CommandLineError } from "../../src/cli";
import { EXIT_CODES } from "../../src/refresh";
import { parseCommandOptions } from "../../src/refresh/command-options";
import { refresh } from "./support/run";

const KEY = { SERVICE_API_KEY: "key-0123456789", SERVICE_API_BASE_URL: "http://127.0.0.1:8787" };

describe("the command line", () => {
  test.each([
    [
      ["r.xlsx"],
      KEY,
      { file: "r.xlsx", rerun: "none", dryRun: false, json: false, serviceUrl: "http://127.0.0.1:8787" },
    ],
    [["--rerun", "STALE", "r.xlsx", "--out=o.xlsx"], KEY, { file: "r.xlsx", out: "o.xlsx", rerun: "stale" }],
    [["r.xlsx", "--budget", "12.5", "--json"], KEY, { budget: 12.5, json: true }],
    [["r.xlsx", "--force"], KEY, { force: true }],
    [["r.xlsx", "--plan", "plus"], KEY, { plan: { plan: "plus", creditsPerMb: 2 } }],
    [["r.xlsx"], { ...KEY, SERVICE_PLAN: "analyst" }, { plan: { plan: "analyst", creditsPerMb: 10 } }],
    [
      ["r.xlsx", "--plan", "enterprise", "--credits-per-mb", "0.5"],
      KEY,
      { plan: { plan: "enterprise", creditsPerMb: 0.5 } },
    ],
    [["r.xlsx", "--service", "http://relay.example:8080/api"], KEY, { serviceUrl: "http://relay.example:8080/api" }],
    [["r.xlsx", "--dry-run"], {}, { dryRun: true, plan: { plan: "free", creditsPerMb: 20 } }],
  ])("%j reads as expected", (argv, env, expected) => {
    expect(parseCommandOptions(argv, env)).toMatchObject(expected);
  });

  test("the key comes from the environment only", () => {
    expect(parseCommandOptions(["r.xlsx"], KEY).apiKey).toBe("key-0123456789");
    expect(() => parseCommandOptions(["r.xlsx", "--key", "k"], KEY)).toThrow(CommandLineError);
  });

  test.each([
    [[], KEY, "Give the workbook to refresh"],
    [["a.xlsx", "b.xlsx"], KEY, "Give one workbook, not 2"],
    [["r.xlsx", "--rerun", "some"], KEY, "--rerun must be none, stale or all"],
    [["r.xlsx", "--budget=-1"], KEY, "--budget must be credits"],
    [["r.xlsx", "--budget", "1.234"], KEY, "--budget must be credits"],
    [["r.xlsx", "--plan", "gold"], KEY, "--plan must be free, analyst, plus or enterprise"],
    [["r.xlsx", "--plan", "enterprise"], KEY, "--plan enterprise needs --credits-per-mb"],
    [["r.xlsx"], { SERVICE_API_KEY: "k" }, "Give the service's address"],
    [["r.xlsx"], { SERVICE_API_BASE_URL: "http://x" }, "Set the API key in SERVICE_API_KEY"],
    [["r.xlsx", "--service", "ftp://x"], KEY, "--service must use http or https"],
    [["r.xlsx", "--colour"], KEY, "Unknown option '--colour'"],
  ])("%j is refused: %s", (argv, env, message) => {
    expect(() => parseCommandOptions(argv, env)).toThrow(message);
  });

  test("a usage error exits 2 with the usage; --help exits 0", async () => {
    const bad = await refresh(["r.xlsx", "--rerun", "x"], KEY, { now: () => 0 });
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.err).toContain("Usage: npm run refresh -- report.xlsx [flags]");
    const help = await refresh(["--help"], {}, { now: () => 0 });
    expect(help.code).toBe(0);
    expect(help.out).toContain(
      "Exit codes: 0 fresh, 2 usage, 3 fileRefused, 4 budgetRefused, 5 serviceUnavailable, 6 incomplete, 7 notReplaced.",
    );
  });

  test("the exit codes are distinct, and none is Node's own 1", () => {
    const codes = Object.values(EXIT_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(1);
  });

  test("npm run refresh's entry point exits with the command's code", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/refresh/main.ts", "missing.xlsx", "--dry-run"], {
      cwd: join(__dirname, "../.."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(EXIT_CODES.fileRefused);
    expect(out).toContain('"missing.xlsx" cannot be opened: there is no such file.');
  });
});
