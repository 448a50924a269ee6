import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { FetchLike } from "../../src/client";
import type { WriteFileSystem } from "../../src/xlsx/file";
import { ManualClock } from "../support/manual-clock";
import { startTestService, type TestService } from "../support/service";
import { buildWorkbook, row } from "../xlsx/support/build-workbook";
import { declareSize } from "../xlsx/support/zip-bombs";
import { bytesOf, NOW, num, reportSpec, writeBook } from "./support/report-book";
import { recordingFetch, refresh, type CommandRun } from "./support/run";

/** Someone else's save: another workbook, written beside the target and renamed over it, as Excel saves. */
const THEIR_EDIT = buildWorkbook(reportSpec({ extraRows: row(20, num("A20", 42)) }));
async function saveAsExcelDoes(file: string): Promise<void> {
  const temp = join(dirname(file), "ABCD1234.tmp");
  await fs.writeFile(temp, THEIR_EDIT);
  await fs.rename(temp, file);
}
const ownerFile = (file: string) => join(dirname(file), `~$${basename(file)}`);

/** node:fs/promises whose every write fails, as on a full disk. */
const fullDisk: WriteFileSystem = {
  ...fs,
  open: async (path, flags, mode) => {
    const handle = await fs.open(path, flags, mode);
    return {
      write: () =>
        Promise.reject(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" })),
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
};

const BESIDE = "report.refreshed-20260315T100000Z.xlsx";

interface Case {
  name: string;
  /** Prepares the folder (after the workbook is written) and returns extra flags. */
  before?: (file: string) => Promise<string[]>;
  /** Done when the refresh sends its first request: what someone else does while it runs. */
  during?: (file: string) => Promise<void>;
  fileSystem?: WriteFileSystem;
  /** The file the refresh is given (default: the workbook itself). */
  given?: (file: string) => Promise<string>;
  code: number;
  requests: "none" | "some";
  /** What the target holds afterwards. */
  target: "unchanged" | "refreshed" | "their edit";
  /** The refreshed workbook kept beside the target. */
  beside: boolean;
  says: RegExp[];
  saysNot?: RegExp[];
}

const CASES: Case[] = [
  {
    name: "saved by someone else while the refresh runs: their edit stays, the refreshed copy is kept beside it",
    during: saveAsExcelDoes,
    code: 7,
    requests: "some",
    target: "their edit",
    beside: true,
    says: [
      /"report\.xlsx" was saved by someone else while the refresh ran, so it was not replaced: the refreshed workbook was written beside it as report\.refreshed-20260315T100000Z\.xlsx instead\./,
    ],
  },
  {
    name: "open in Excel at the start: refused before anything is spent",
    before: async (file) => (await fs.writeFile(ownerFile(file), "\u0005Alice"), []),
    code: 7,
    requests: "none",
    target: "unchanged",
    beside: false,
    says: [
      /"report\.xlsx" is open in Excel \(its owner file "~\$report\.xlsx" is beside it\), so it was not replaced: nothing was run, read or written\. Close it in Excel, or give --out another file\./,
    ],
  },
  {
    name: "opened in Excel while the refresh runs: not replaced, the copy kept beside it",
    during: (file) => fs.writeFile(ownerFile(file), "\u0005Alice"),
    code: 7,
    requests: "some",
    target: "unchanged",
    beside: true,
    says: [
      /is open in Excel .*so it was not replaced: the refreshed workbook was written beside it as report\.refreshed-/,
    ],
  },
  {
    name: "open in Excel, with --out naming another file: the other file is written",
    before: async (file) => {
      await fs.writeFile(ownerFile(file), "\u0005Alice");
      return ["--out", join(dirname(file), "copy.xlsx")];
    },
    code: 6, // written; the fixture's SERVICE.QUERY of the period is not run (no --rerun), as in every refresh of it
    requests: "some",
    target: "unchanged",
    beside: false,
    says: [/Refreshed .*copy\.xlsx\./],
  },
  {
    name: "read-only: refused before anything is spent",
    before: async (file) => (await fs.chmod(file, 0o444), []),
    code: 3,
    requests: "none",
    target: "unchanged",
    beside: false,
    says: [
      /"report\.xlsx" is read-only, so it was not replaced \(--force replaces it\): nothing was run, read or written\./,
    ],
  },
  {
    name: "read-only with --force: replaced",
    before: async (file) => (await fs.chmod(file, 0o444), ["--force"]),
    code: 6, // written; the fixture's SERVICE.QUERY of the period is not run (no --rerun), as in every refresh of it
    requests: "some",
    target: "refreshed",
    beside: false,
    says: [/Refreshed .*report\.xlsx\./],
  },
  {
    name: "a link: written through to the file it points to, the link kept",
    given: async (file) => {
      const link = join(dirname(file), "link.xlsx");
      await fs.symlink(file, link);
      return link;
    },
    code: 6, // written; the fixture's SERVICE.QUERY of the period is not run (no --rerun), as in every refresh of it
    requests: "some",
    target: "refreshed",
    beside: false,
    says: [
      /Note: .*link\.xlsx is a link: the file it points to, .*report\.xlsx, was replaced\./,
      /Refreshed .*link\.xlsx\./,
    ],
  },
  {
    name: "a full disk: nothing is reported as refreshed",
    fileSystem: fullDisk,
    code: 3,
    requests: "some",
    target: "unchanged",
    beside: false,
    says: [
      /Report!B2 DATASET: skipped, .*Not written: "report\.xlsx" could not be written \(ENOSPC: no space left on device, write\)/,
      /the file was left as it was\. The reads above were made and billed\.$/,
    ],
    saysNot: [/: refreshed/, /^Written:/m, /Refreshed/],
  },
  {
    name: "a zip bomb (sheets declaring 450 MB each): refused before anything is spent",
    before: async (file) => {
      await fs.writeFile(file, declareSize(await bytesOf(file), "xl/worksheets/sheet1.xml", 450 * 1024 * 1024));
      return [];
    },
    code: 3,
    requests: "none",
    target: "unchanged",
    beside: false,
    says: [/the mark of a decompression bomb/],
  },
];

describe("npm run refresh against a target that is not simply ours to replace", () => {
  let service: TestService;
  let env: Record<string, string>;
  const now = () => NOW;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  test.each(CASES)("$name", async (c) => {
    const file = await writeBook(reportSpec());
    const flags = (await c.before?.(file)) ?? [];
    const before = await bytesOf(file);
    const recording = recordingFetch();
    let once: Promise<void> | undefined;
    const fetch: FetchLike = async (url, init) => {
      once ??= c.during?.(file) ?? Promise.resolve();
      await once;
      return recording(url, init);
    };
    const given = (await c.given?.(file)) ?? file;
    const run: CommandRun = await refresh([given, ...flags], env, {
      now,
      fetch,
      ...(c.fileSystem ? { fileSystem: c.fileSystem } : {}),
    });
    for (const says of c.says) expect(run.out).toMatch(says);
    for (const saysNot of c.saysNot ?? []) expect(run.out).not.toMatch(saysNot);
    expect(run.code).toBe(c.code);
    expect(recording.requests.length > 0 ? "some" : "none").toBe(c.requests);
    const after = await bytesOf(file);
    const held = Buffer.from(after).equals(Buffer.from(before))
      ? "unchanged"
      : Buffer.from(after).equals(Buffer.from(THEIR_EDIT))
        ? "their edit"
        : "refreshed";
    expect(held).toBe(c.target);
    const folder = await fs.readdir(dirname(file));
    expect(folder.includes(BESIDE)).toBe(c.beside);
    expect(folder.filter((n) => n.endsWith(".tmp"))).toEqual([]);
    if (c.beside)
      expect(Buffer.from(await bytesOf(join(dirname(file), BESIDE))).equals(Buffer.from(before))).toBe(false);
    if (c.given) expect((await fs.lstat(given)).isSymbolicLink()).toBe(true);
  });
});
