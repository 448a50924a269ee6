import { chromium, type Browser } from "playwright-core";
import { findBrowser, type FoundBrowser } from "./find-browser";

/**
 * Flags for a headless Chromium on a machine with no network but loopback: without the background-networking ones,
 * Chromium keeps trying to reach its update and sync hosts. Web security stays on (the packaged Chromium's own
 * recommended flags turn it off), because the tests rely on real CORS behaviour.
 */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
];

let found: Promise<FoundBrowser> | undefined;

/** The browser every browser test uses, looked up once per test file. Rejects with how to provide one. */
export function requireBrowser(): Promise<FoundBrowser> {
  found ??= findBrowser();
  return found;
}

/** A headless Chromium from {@link findBrowser}: `CHROMIUM_PATH`, a system Chrome/Chromium, or the npm-packaged one. */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, env } = await requireBrowser();
  return chromium.launch({
    executablePath,
    headless: true,
    args: FLAGS,
    env: { ...process.env, ...env } as Record<string, string>,
  });
}
