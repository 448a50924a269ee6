import { parseRelayOptions } from "../../src/relay";
import { cacheLimits } from "../../src/relay/relay-options";

const MB = 1024 * 1024;

describe("npm run relay flags (each also an environment variable)", () => {
  test("defaults around a required upstream", () => {
    const options = parseRelayOptions(["--upstream", "https://api.example.test/api"], {});
    expect(options).toMatchObject({
      port: 8788,
      host: "127.0.0.1",
      allowOrigins: ["https://localhost:3000"],
      cacheMb: 256,
    });
    expect(options.upstream.toString()).toBe("https://api.example.test/api");
    expect(options.publicUrl).toBeUndefined();
    // Pages up to an eighth of the memory cache are kept; a GB of disk under --cache-dir.
    expect(cacheLimits(options)).toEqual({ memoryBytes: 256 * MB, pageBytes: 32 * MB, diskBytes: 1024 * MB });
  });

  test("cache budgets: the page limit follows --cache-mb unless given", () => {
    const upstream = ["--upstream", "http://x"];
    expect(cacheLimits(parseRelayOptions([...upstream, "--cache-mb", "64"], {}))).toEqual({
      memoryBytes: 64 * MB,
      pageBytes: 8 * MB,
      diskBytes: 1024 * MB,
    });
    const given = parseRelayOptions([...upstream, "--cache-page-mb", "4"], { RELAY_CACHE_DISK_MB: "100" });
    expect(cacheLimits(given)).toEqual({ memoryBytes: 256 * MB, pageBytes: 4 * MB, diskBytes: 100 * MB });
  });

  test("flags win over the environment", () => {
    const options = parseRelayOptions(["--port=9000", "--allow-origins", "https://a.example, https://b.example"], {
      RELAY_UPSTREAM: "http://127.0.0.1:8787",
      RELAY_PORT: "1",
      RELAY_CACHE_DIR: "/tmp/relay",
      RELAY_PUBLIC_URL: "https://relay.team.example",
    });
    expect(options).toMatchObject({
      port: 9000,
      cacheDir: "/tmp/relay",
      allowOrigins: ["https://a.example", "https://b.example"],
    });
    expect(options.publicUrl?.toString()).toBe("https://relay.team.example/");
  });

  test("--metrics-listen HOST:PORT (IPv6 in brackets), or RELAY_METRICS_LISTEN; absent, no metrics", () => {
    const upstream = ["--upstream", "http://x"];
    expect(parseRelayOptions(upstream, {}).metricsListen).toBeUndefined();
    expect(parseRelayOptions([...upstream, "--metrics-listen", "127.0.0.1:9464"], {}).metricsListen).toEqual({
      host: "127.0.0.1",
      port: 9464,
    });
    expect(parseRelayOptions(upstream, { RELAY_METRICS_LISTEN: "[::1]:0" }).metricsListen).toEqual({
      host: "::1",
      port: 0,
    });
  });

  test.each([
    [[], /--upstream URL is required/],
    [["--upstream", "ftp://x"], /--upstream must use http or https/],
    [["--upstream", "not a url"], /--upstream must be an absolute http\(s\) URL/],
    [["--upstream", "http://x", "--port", "99999"], /--port must be a whole number/],
    [["--upstream", "http://x", "--nope"], /Unknown option '--nope'/],
    [["--upstream", "http://x", "--cache-disk-mb=-1"], /--cache-disk-mb must be a whole number/],
    [["--upstream", "http://x", "--cache-page-mb", "0.5"], /--cache-page-mb must be a whole number/],
    [["--upstream", "http://x", "--metrics-listen", "9464"], /--metrics-listen: expected HOST:PORT/],
    [["--upstream", "http://x", "--metrics-listen", "127.0.0.1:99999"], /--metrics-listen must be a whole number/],
  ] as const)("%j is refused with a message", (argv, message) => {
    expect(() => parseRelayOptions(argv, {})).toThrow(message);
  });
});
