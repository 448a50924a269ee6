import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// `npm run service` as a user runs it: a real process that prints its URL and the demo key and stops on SIGTERM.
test("the service process prints its URL, data directory and demo key, serves, and stops cleanly on SIGTERM", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "service-main-"));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/service/main.ts", "--port", "0", "--data-dir", dataDir],
    {
      cwd: join(__dirname, "../.."),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  try {
    const deadline = Date.now() + 30_000;
    while (!/Demo API key/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /Service API:\s+(\S+)/.exec(out)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(out).toContain(`Data directory: ${dataDir}`);
    expect(out).toContain("Demo API key:   demo-local-service-key");
    const res = await fetch(`${url}/query/1002/execute`, {
      method: "POST",
      headers: { "X-Service-Api-Key": "demo-local-service-key" },
    });
    expect(res.status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
  } finally {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a bad flag exits 2 with the usage text", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", "src/service/main.ts", "--bogus"], {
    cwd: join(__dirname, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain("Unknown option '--bogus'");
  expect(err).toContain("--data-dir DIR");
});
