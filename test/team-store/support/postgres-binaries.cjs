// Where the test PostgreSQL's binaries run from (see postgres-child.cjs for why this matters as root).
const fs = require("node:fs");
const { dirname, join, parse } = require("node:path");

/** Whether a user other than the owner can enter every folder from the root down to `path`. */
function everyoneCanEnter(path) {
  for (let folder = path; ; folder = dirname(folder)) {
    if ((fs.statSync(folder).mode & 0o001) === 0) return false;
    if (folder === parse(folder).root) return true;
  }
}

/**
 * The folder (holding `bin/`, `lib/`, `share/`) the server's binaries run from: the package's own `native` folder when
 * the server runs as the invoking user or everyone can reach it, else a copy under `tmp` that everyone can enter, made
 * once per package version (copied aside, then renamed into place, so a half-made copy is never used).
 */
function reachableBinaries(nativeFolder, runsAsAnotherUser, tmp) {
  if (!runsAsAnotherUser || everyoneCanEnter(nativeFolder)) return nativeFolder;
  const { version } = JSON.parse(fs.readFileSync(join(dirname(nativeFolder), "package.json"), "utf8"));
  const copy = join(tmp, `test-postgres-binaries-${version}`);
  if (fs.existsSync(join(copy, "bin", "postgres"))) return copy;
  const partial = fs.mkdtempSync(`${copy}-partial-`);
  fs.cpSync(nativeFolder, partial, { recursive: true, verbatimSymlinks: true });
  fs.chmodSync(partial, 0o755);
  try {
    fs.renameSync(partial, copy);
  } catch (error) {
    // Another test file made the copy first: use theirs.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(join(copy, "bin", "postgres"))) throw error;
  }
  return copy;
}

module.exports = { everyoneCanEnter, reachableBinaries };
