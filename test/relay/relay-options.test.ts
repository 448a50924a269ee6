import { parseRelayOptions } from "../../src/relay";

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

  test.each([
    [[], /--upstream URL is required/],
    [["--upstream", "ftp://x"], /--upstream must use http or https/],
    [["--upstream", "not a url"], /--upstream must be an absolute http\(s\) URL/],
    [["--upstream", "http://x", "--port", "99999"], /--port must be a whole number/],
    [["--upstream", "http://x", "--nope"], /Unknown option '--nope'/],
  ] as const)("%j is refused with a message", (argv, message) => {
    expect(() => parseRelayOptions(argv, {})).toThrow(message);
  });
});
