import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const CACHE = join(tmpdir(), "service-addin-test-builds");
const DONE = "BUILD_OK";

export interface CachedBuild {
  /** Names the build in the cache folder (one folder per name and source state). */
  name: string;
  /** Files and folders (relative to the repository) the build reads; a change to any of them means a new build. */
  inputs: string[];
  /** Paths to leave out of the hash (a folder the build does not read, inside an input folder). */
  exclude?: string[];
  /** What else the build depends on besides files (its environment, say): a different key is a different build. */
  key?: string;
  /** Writes the build into the given (empty) folder. */
  build(outDir: string): Promise<void>;
}

function files(path: string, out: string[] = []): string[] {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) files(join(path, name), out);
  return out;
}

function sourceHash(spec: CachedBuild): string {
  const hash = createHash("sha256");
  const excluded = (spec.exclude ?? []).map((p) => join(ROOT, p));
  hash.update(spec.key ?? "");
  for (const input of spec.inputs) {
    for (const file of files(join(ROOT, input))) {
      if (excluded.some((e) => file === e || file.startsWith(`${e}/`))) continue;
      hash.update(relative(ROOT, file));
      hash.update(readFileSync(file));
    }
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
 * A build made once per source state and shared by every test file, jest worker and run that needs it: the first to
 * arrive builds under a lock folder, the others wait for it; later runs on the same sources find it done. A webpack
 * build takes from 20 s on a quiet machine to minutes on a busy one, so building per file or per run is the largest
 * cost of the browser tests. Returns the folder holding the build.
 */
export async function cachedBuild(spec: CachedBuild): Promise<string> {
  const dir = join(CACHE, `${spec.name}-${sourceHash(spec)}`);
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
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the ${spec.name} build in ${dir}`);
      await sleep(500);
      continue;
    }
    try {
      const staging = `${dir}.staging`;
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      await spec.build(staging);
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
