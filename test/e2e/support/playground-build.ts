import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { runWebpack } from "../../../scripts/serve/build";

const ROOT = resolve(__dirname, "..", "..", "..");
const CACHE = join(tmpdir(), "service-addin-playground-builds");
const DONE = "BUILD_OK";

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else out.push(path);
  }
  return out;
}

/** A hash of everything the playground bundle is built from (the service is not part of it). */
function sourceHash(): string {
  const hash = createHash("sha256");
  const inputs = [
    ...files(join(ROOT, "src")).filter((f) => !f.includes(`${join("src", "service")}`)),
    ...["webpack.config.js", "webpack.playground.js", "manifest.xml", "package-lock.json", "tsconfig.json"].map((f) =>
      join(ROOT, f),
    ),
  ];
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Builds of other source states older than a day are left-overs: remove them. */
function pruneOldBuilds(keep: string): void {
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (path === keep || name.endsWith(".lock")) continue;
    const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 24 * 3600_000) rmSync(path, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The playground built once per source state and shared by every e2e test file (and jest worker): the first to
 * arrive builds under a lock directory, the others wait for it. Returns the folder holding playground.html.
 */
export async function playgroundBuild(): Promise<string> {
  const dir = join(CACHE, sourceHash());
  const lock = `${dir}.lock`;
  mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (existsSync(join(dir, DONE))) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // Someone else is building; a lock older than 10 minutes belongs to a build that died.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the playground build in ${dir}`);
      await sleep(500);
      continue;
    }
    try {
      const staging = `${dir}.staging`;
      rmSync(staging, { recursive: true, force: true });
      await runWebpack({ root: ROOT, configs: ["webpack.playground.js"], env: { PLAYGROUND_OUTPUT_DIR: staging } });
      writeFileSync(join(staging, DONE), new Date().toISOString());
      rmSync(dir, { recursive: true, force: true });
      renameSync(staging, dir);
      pruneOldBuilds(dir);
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
