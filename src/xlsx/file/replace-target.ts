import { promises as nodeFs } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { XlsxError } from "../errors";
import { writeFileReplacing, type WriteFileSystem } from "./atomic-write";
import { stillTheSame, type FileIdentity } from "./file-identity";
import { ownerFileOf } from "./owner-file";

/** Why a target may not be replaced: someone else has it (open in Excel, saved since it was read) or it is read-only. */
export type Blocked = "open-in-excel" | "changed" | "read-only";

export interface TargetState {
  /** The file a write lands on: the target itself, or the file a link at the target points to. */
  real: string;
  /** The link's own path, when the target is a symbolic link. */
  link?: string;
  blocked?: { reason: Blocked; message: string };
}

const label = (path: string) => `"${basename(path)}"`;

/**
 * Where a write to `target` lands and whether it may, without writing: a link is written through (the file it points
 * to is replaced in its own folder, so the link and every other link to it see the new workbook), a workbook open in
 * Excel is not replaced, nor a read-only one unless `force`.
 */
export async function inspectTarget(target: string, force = false): Promise<TargetState> {
  const link = await nodeFs.lstat(target).then(
    (s) => s.isSymbolicLink(),
    () => false,
  );
  const real = link
    ? await nodeFs.realpath(target).catch(() => {
        throw new XlsxError(
          "write-failed",
          `${label(target)} is a link to a file that does not exist; nothing was written.`,
        );
      })
    : target;
  const state: TargetState = { real, ...(link ? { link: target } : {}) };
  const owner = await ownerFileOf(real);
  if (owner)
    return {
      ...state,
      blocked: {
        reason: "open-in-excel",
        message: `${label(real)} is open in Excel (its owner file ${label(owner)} is beside it), so it was not replaced`,
      },
    };
  const mode = await nodeFs.stat(real).then(
    (s) => s.mode,
    () => undefined,
  );
  if (mode !== undefined && (mode & 0o222) === 0 && !force)
    return {
      ...state,
      blocked: {
        reason: "read-only",
        message: `${label(real)} is read-only, so it was not replaced (--force replaces it)`,
      },
    };
  return state;
}

/** `report.refreshed-20260315T100000Z.xlsx`: the refresh's time in the name, colons left out (Windows refuses them). */
export function besideName(path: string, at: number): string {
  const ext = extname(path);
  const stamp = new Date(at)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return join(dirname(path), `${basename(path, ext)}.refreshed-${stamp}${ext}`);
}

export type ReplaceOutcome =
  | { outcome: "replaced"; path: string; link?: string }
  | { outcome: "kept-beside"; path: string; reason: Blocked; message: string };

export interface ReplaceOptions {
  /** The file as it was read (null: there was none); anything else at the target now is someone else's. */
  expected: FileIdentity | null;
  force?: boolean;
  /** The refresh's time, for the name of a copy kept beside the target. */
  now: number;
  fs?: WriteFileSystem;
}

/**
 * Replaces `target` with `bytes` only if it is still the file that was read and nobody has it: checked after the
 * new file is complete on disk, just before the rename, to leave the smallest window. Otherwise the target is not
 * touched and the new workbook is kept beside it under a name of its own. Throws XlsxError "write-failed" when
 * nothing could be written at all.
 */
export async function replaceWorkbookFile(
  target: string,
  bytes: Uint8Array,
  o: ReplaceOptions,
): Promise<ReplaceOutcome> {
  const { real, link } = await inspectTarget(target, o.force);
  let outcome: ReplaceOutcome = { outcome: "replaced", path: real, ...(link ? { link } : {}) };
  await writeFileReplacing(real, bytes, o.fs, async () => {
    let blocked = (await inspectTarget(target, o.force)).blocked;
    if (!blocked && !(await stillTheSame(real, o.expected)))
      blocked = {
        reason: "changed",
        message: `${label(real)} was ${o.expected ? "saved by someone else" : "created by someone else"} while the refresh ran, so it was not replaced`,
      };
    if (!blocked) return real;
    outcome = { outcome: "kept-beside", path: await freeName(besideName(real, o.now)), ...blocked };
    return outcome.path;
  });
  return outcome;
}

/** `name`, or `name-2`, `name-3`… when a copy of that time is already there (a refresh run twice in a second). */
async function freeName(path: string): Promise<string> {
  const ext = extname(path);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? path : `${path.slice(0, path.length - ext.length)}-${n}${ext}`;
    const taken = await nodeFs.lstat(candidate).then(
      () => true,
      () => false,
    );
    if (!taken) return candidate;
  }
}
