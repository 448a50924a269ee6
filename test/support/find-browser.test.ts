import { findBrowser, systemCandidates, type BrowserLookup } from "./find-browser";

function lookup(over: Partial<BrowserLookup> & { files?: string[] }): BrowserLookup & { unpacked: number } {
  const files = new Set(over.files ?? []);
  const result = {
    env: {},
    platform: "linux" as NodeJS.Platform,
    arch: "x64",
    exists: (path: string) => files.has(path),
    unpacked: 0,
    async unpackPackaged() {
      result.unpacked++;
      return { executablePath: "/tmp/chromium", env: { FONTCONFIG_PATH: "/tmp/fonts" } };
    },
    ...over,
  };
  return result;
}

describe("findBrowser: CHROMIUM_PATH, then a system browser, then the npm-packaged Chromium", () => {
  test("CHROMIUM_PATH wins over everything, and the packaged one is not unpacked", async () => {
    const l = lookup({ env: { CHROMIUM_PATH: "/opt/chrome" }, files: ["/opt/chrome", "/usr/bin/chromium"] });
    await expect(findBrowser(l)).resolves.toEqual({ executablePath: "/opt/chrome", source: "CHROMIUM_PATH", env: {} });
    expect(l.unpacked).toBe(0);
  });

  test("a CHROMIUM_PATH that points nowhere is an error naming it, not a silent fallback", async () => {
    const l = lookup({ env: { CHROMIUM_PATH: "/nope/chrome" }, files: ["/usr/bin/chromium"] });
    await expect(findBrowser(l)).rejects.toThrow(/CHROMIUM_PATH is \/nope\/chrome, but no file is there/);
  });

  test.each([
    ["linux", ["/usr/bin/google-chrome"], "/usr/bin/google-chrome"],
    ["linux", ["/usr/bin/google-chrome", "/usr/bin/chromium"], "/usr/bin/chromium"],
    [
      "darwin",
      ["/Applications/Chromium.app/Contents/MacOS/Chromium"],
      "/Applications/Chromium.app/Contents/MacOS/Chromium",
    ],
  ] as const)("on %s with %j installed, uses %s", async (platform, files, expected) => {
    const l = lookup({ platform, files: [...files] });
    await expect(findBrowser(l)).resolves.toMatchObject({ executablePath: expected, source: "system" });
    expect(l.unpacked).toBe(0);
  });

  test("Windows: Chrome under Program Files", () => {
    const found = systemCandidates("win32", { PROGRAMFILES: "C:\\Program Files" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Program Files.Google.Chrome.Application.chrome\.exe$/);
  });

  test("no system browser on Linux x64: the packaged Chromium, with its fonts", async () => {
    const l = lookup({});
    await expect(findBrowser(l)).resolves.toEqual({
      executablePath: "/tmp/chromium",
      source: "npm package",
      env: { FONTCONFIG_PATH: "/tmp/fonts" },
    });
    expect(l.unpacked).toBe(1);
  });

  test("nothing found elsewhere: a failure that says how to provide a browser", async () => {
    const l = lookup({ platform: "darwin", arch: "arm64" });
    await expect(findBrowser(l)).rejects.toThrow(/Set CHROMIUM_PATH to a Chrome or Chromium binary/);
    expect(l.unpacked).toBe(0);
  });

  test("the packaged Chromium failing to unpack is a failure with the reason", async () => {
    const l = lookup({
      unpackPackaged: () => Promise.reject(new Error("disk full")),
    });
    await expect(findBrowser(l)).rejects.toThrow(/could not be unpacked \(Error: disk full\).*CHROMIUM_PATH/);
  });
});
