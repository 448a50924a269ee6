import { promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspectTarget, readIdentifiedWorkbook, replaceWorkbookFile } from "../../../src/xlsx/file";
import { reportWorkbook } from "../support/report-fixture";

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), "xlsx-target-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const NOW = Date.parse("2026-03-15T10:00:00Z");

// What stands beside or at a target, and whether a replacing write may land on it.
const TARGETS: ReadonlyArray<[label: string, prepare: (target: string) => Promise<void>, blocked: string | undefined]> =
  [
    ["an ordinary file", async () => undefined, undefined],
    ["no file yet", (t) => fs.rm(t), undefined],
    ["Excel's owner file", () => fs.writeFile(join(dir, "~$Quarterly report.xlsx"), "x"), "open-in-excel"],
    ["Excel's owner file of a long name", () => fs.writeFile(join(dir, "~$arterly report.xlsx"), "x"), "open-in-excel"],
    ["read-only", (t) => fs.chmod(t, 0o444), "read-only"],
  ];

describe("where a replacing write lands", () => {
  test.each(TARGETS)("%s", async (_label, prepare, blocked) => {
    const target = join(dir, "Quarterly report.xlsx");
    await fs.writeFile(target, reportWorkbook());
    await prepare(target);
    expect((await inspectTarget(target)).blocked?.reason).toBe(blocked);
  });

  test("--force lets a read-only file be replaced, never one open in Excel", async () => {
    const target = join(dir, "report.xlsx");
    await fs.writeFile(target, reportWorkbook());
    await fs.chmod(target, 0o444);
    expect((await inspectTarget(target, true)).blocked).toBeUndefined();
    await fs.writeFile(join(dir, "~$report.xlsx"), "x");
    expect((await inspectTarget(target, true)).blocked?.reason).toBe("open-in-excel");
  });

  test("a link to nothing is refused, naming the link", async () => {
    const link = join(dir, "report.xlsx");
    await fs.symlink(join(dir, "gone.xlsx"), link);
    await expect(inspectTarget(link)).rejects.toThrow('"report.xlsx" is a link to a file that does not exist');
  });

  test("a file saved with the same size and time is still told apart by its bytes", async () => {
    const target = join(dir, "report.xlsx");
    const bytes = reportWorkbook();
    const when = new Date(Date.parse("2026-03-15T09:00:00Z")); // a whole second: set back exactly below
    await fs.writeFile(target, bytes);
    await fs.utimes(target, when, when);
    const { identity } = await readIdentifiedWorkbook(target);
    const theirs = bytes.slice();
    theirs[theirs.length - 30] ^= 0xff; // same size
    await fs.writeFile(target, theirs);
    await fs.utimes(target, when, when); // same time
    const stat = await fs.stat(target);
    expect([stat.size, stat.mtimeMs]).toEqual([identity.size, identity.mtimeMs]);
    const outcome = await replaceWorkbookFile(target, new Uint8Array([1, 2, 3]), { expected: identity, now: NOW });
    expect(outcome).toMatchObject({ outcome: "kept-beside", reason: "changed" });
    expect(outcome.path).toBe(join(dir, "report.refreshed-20260315T100000Z.xlsx"));
    expect(Buffer.from(await fs.readFile(target)).equals(Buffer.from(theirs))).toBe(true);
    // A second refresh in the same second does not overwrite the first copy.
    const again = await replaceWorkbookFile(target, new Uint8Array([4]), { expected: identity, now: NOW });
    expect(again.path).toBe(join(dir, "report.refreshed-20260315T100000Z-2.xlsx"));
  });
});
