import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium, headless. Missing Chromium is a failure with instructions, never a silent skip: CI installs
 * it, and a green run without the browser would prove nothing.
 */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The end-to-end tests need Chromium at ${CHROMIUM} (apt-get install -y chromium), or CHROMIUM_PATH set to another binary.`,
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  requireChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
