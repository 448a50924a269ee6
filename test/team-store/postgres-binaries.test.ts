import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const { everyoneCanEnter, reachableBinaries } = require("./support/postgres-binaries.cjs") as {
  everyoneCanEnter: (path: string) => boolean;
  reachableBinaries: (nativeFolder: string, runsAsAnotherUser: boolean, tmp: string) => string;
};

/** A package folder shaped like the PostgreSQL binaries package, inside a folder only its owner can enter. */
function hiddenPackage(root: string): string {
  const hidden = join(root, "only-owner");
  mkdirSync(join(hidden, "pkg", "native", "bin"), { recursive: true });
  writeFileSync(join(hidden, "pkg", "package.json"), JSON.stringify({ version: "9.9.9-test" }));
  writeFileSync(join(hidden, "pkg", "native", "bin", "postgres"), "#!/bin/sh\n", { mode: 0o755 });
  chmodSync(hidden, 0o700);
  return join(hidden, "pkg", "native");
}

describe("the test PostgreSQL's binaries from a clone only its owner can enter", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "pg-binaries-"));
    chmodSync(root, 0o755);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("run from the package itself when the server runs as the invoking user", () => {
    const native = hiddenPackage(root);
    expect(reachableBinaries(native, false, root)).toBe(native);
  });

  test("are copied where the server's own user can reach them when it runs as another user", () => {
    const native = hiddenPackage(root);
    expect(everyoneCanEnter(native)).toBe(false);
    const used = reachableBinaries(native, true, root);
    expect(used).toBe(join(root, "test-postgres-binaries-9.9.9-test"));
    expect(everyoneCanEnter(join(used, "bin"))).toBe(true);
    expect(statSync(join(used, "bin", "postgres")).mode & 0o111).toBe(0o111);
    // Made once: a second server uses the same copy.
    expect(reachableBinaries(native, true, root)).toBe(used);
  });

  test("are used in place when everyone can reach the package", () => {
    const native = hiddenPackage(root);
    chmodSync(join(root, "only-owner"), 0o755);
    expect(reachableBinaries(native, true, root)).toBe(native);
  });
});
