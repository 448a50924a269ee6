import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCli } from "../../src/service/cli-options";

const dir = mkdtempSync(join(tmpdir(), "cli-"));
const keys = join(dir, "keys.json");
writeFileSync(keys, JSON.stringify([{ key: "k-123456789", user: "u", teams: ["t"] }]));

test("defaults: port 8787 on 127.0.0.1, demo keys and queries, no rate limit, 8 GB results, 1 GB snapshots", () => {
  const { options, demoKeys } = parseCli([], {});
  expect(options).toMatchObject({
    port: 8787,
    host: "127.0.0.1",
    dataDir: ".service-data",
    rateLimitPerMinute: 0,
    maxResultBytes: 8 * 1024 ** 3,
    maxSnapshotBytes: 1024 ** 3,
  });
  expect(demoKeys).toBe(true);
});

test("--max-snapshot-bytes, or SERVICE_MAX_SNAPSHOT_BYTES, bounds the curated snapshots kept", () => {
  expect(parseCli(["--max-snapshot-bytes", "5000000"], {}).options.maxSnapshotBytes).toBe(5_000_000);
  expect(parseCli([], { SERVICE_MAX_SNAPSHOT_BYTES: "7" }).options.maxSnapshotBytes).toBe(7);
  expect(() => parseCli(["--max-snapshot-bytes", "lots"], {})).toThrow("--max-snapshot-bytes must be a whole number");
});

test("flags, with = or a separate value, win over the environment", () => {
  const { options, demoKeys } = parseCli(["--port=0", "--data-dir", "/tmp/x", "--keys", keys, "--rate-limit", "60"], {
    SERVICE_PORT: "9999",
    SERVICE_HOST: "0.0.0.0",
  });
  expect(options).toMatchObject({ port: 0, host: "0.0.0.0", dataDir: "/tmp/x", rateLimitPerMinute: 60 });
  expect(options.keys).toEqual([{ key: "k-123456789", user: "u", teams: ["t"] }]);
  expect(demoKeys).toBe(false);
});

test.each([
  [["--port", "http"], "--port must be a whole number"],
  [["--port", "70000"], "--port must be a whole number from 0 to 65535"],
  [["--nope"], "Unknown option '--nope'"],
  [["--keys"], "Option '--keys <value>' argument missing"],
  [["--keys", "/does/not/exist.json"], "cannot read /does/not/exist.json"],
])("%j is refused with a message", (argv, message) => {
  expect(() => parseCli(argv, {})).toThrow(message);
});

test("--curated-endpoints on|off (or SERVICE_CURATED_ENDPOINTS) and --max-inflight N; both off by default but the endpoints", () => {
  expect(parseCli([], {}).options).toMatchObject({ curatedEndpoints: true, maxInflight: 0 });
  expect(parseCli(["--curated-endpoints", "off"], {}).options.curatedEndpoints).toBe(false);
  expect(parseCli([], { SERVICE_CURATED_ENDPOINTS: "OFF" }).options.curatedEndpoints).toBe(false);
  expect(parseCli(["--curated-endpoints=on"], { SERVICE_CURATED_ENDPOINTS: "off" }).options.curatedEndpoints).toBe(
    true,
  );
  expect(() => parseCli(["--curated-endpoints", "no"], {})).toThrow('--curated-endpoints must be on or off, got "no"');
  expect(parseCli(["--max-inflight", "3"], {}).options.maxInflight).toBe(3);
  expect(() => parseCli(["--max-inflight", "many"], {})).toThrow("--max-inflight must be a whole number");
});

test("a keys file with plans and limits", () => {
  const file = join(dir, "plans.json");
  const entry = { key: "k-123456789", user: "u", teams: [], plan: "enterprise", credits_per_mb: 4, credits: 100 };
  writeFileSync(file, JSON.stringify([{ ...entry, max_credits_per_request: 5 }]));
  expect(parseCli(["--keys", file], {}).options.keys).toEqual([{ ...entry, max_credits_per_request: 5 }]);
  writeFileSync(file, JSON.stringify([{ ...entry, plan: "gold" }]));
  expect(() => parseCli(["--keys", file], {})).toThrow('"plan" must be one of free, analyst, plus, enterprise');
});
