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
