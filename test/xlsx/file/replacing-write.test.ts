import { promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WorkbookEdit } from "../../../src/xlsx";
import { readWorkbookFile, writeFileReplacing, type WriteFileSystem } from "../../../src/xlsx/file";
import { reportWorkbook } from "../support/report-fixture";

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), "xlsx-write-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** node:fs/promises whose writes fail after `limit` bytes, as a full disk does. */
function failingAfter(limit: number): WriteFileSystem {
  return {
    ...fs,
    open: async (path, flags, mode) => {
      const handle = await fs.open(path, flags, mode);
      let written = 0;
      return {
        write: async (buffer, offset, length) => {
          const n = Math.min(length, limit - written);
          if (n <= 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
          written += n;
          return handle.write(buffer, offset, n);
        },
        sync: () => handle.sync(),
        close: () => handle.close(),
      };
    },
  };
}

describe("replacing a workbook file", () => {
  test("the refreshed file replaces the target, keeping its permissions, with no temporary file left", async () => {
    const target = join(dir, "report.xlsx");
    await fs.writeFile(target, reportWorkbook());
    await fs.chmod(target, 0o640);
    const edit = new WorkbookEdit(await readWorkbookFile(target));
    edit.writeSpill("Report", "B2", [["only"]]);
    const { bytes } = edit.toBytes();
    await writeFileReplacing(target, bytes);
    expect(new Uint8Array(await fs.readFile(target))).toEqual(bytes);
    expect((await fs.stat(target)).mode & 0o777).toBe(0o640);
    expect(await fs.readdir(dir)).toEqual(["report.xlsx"]);
    const reread = await readWorkbookFile(target);
    expect(reread.worksheet("Report").cells.get("B2")?.formula?.ref).toBe("B2");
  });

  test("a failure part-way through the write leaves the target as it was", async () => {
    const target = join(dir, "report.xlsx");
    const original = reportWorkbook();
    await fs.writeFile(target, original);
    const edit = new WorkbookEdit(await readWorkbookFile(target));
    edit.setFullCalcOnLoad();
    const { bytes } = edit.toBytes();
    await expect(writeFileReplacing(target, bytes, failingAfter(1000))).rejects.toMatchObject({
      kind: "write-failed",
      message:
        '"report.xlsx" could not be written (ENOSPC: no space left on device, write); the file was left as it was.',
    });
    expect(new Uint8Array(await fs.readFile(target))).toEqual(original);
    expect(await fs.readdir(dir)).toEqual(["report.xlsx"]);
  });

  test("a failed rename leaves the target as it was and removes the temporary file", async () => {
    const target = join(dir, "report.xlsx");
    await fs.writeFile(target, "old");
    const renameFails: WriteFileSystem = {
      ...fs,
      rename: () => Promise.reject(new Error("EXDEV: cross-device link not permitted")),
    };
    await expect(writeFileReplacing(target, new Uint8Array([1, 2, 3]), renameFails)).rejects.toMatchObject({
      kind: "write-failed",
    });
    expect(await fs.readFile(target, "utf8")).toBe("old");
    expect(await fs.readdir(dir)).toEqual(["report.xlsx"]);
  });

  test("a damaged file is refused when read, so nothing reaches the write", async () => {
    const target = join(dir, "report.xlsx");
    const damaged = reportWorkbook().subarray(0, 3000);
    await fs.writeFile(target, damaged);
    await expect(readWorkbookFile(target)).rejects.toMatchObject({ kind: "damaged" });
    expect(new Uint8Array(await fs.readFile(target))).toEqual(damaged);
    await expect(readWorkbookFile(join(dir, "missing.xlsx"))).rejects.toThrow(
      /cannot be opened: there is no such file/,
    );
  });
});
