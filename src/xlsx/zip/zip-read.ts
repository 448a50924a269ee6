import { damaged, fileLabel, XlsxError } from "../errors";
import {
  FLAG_ENCRYPTED,
  SIG_CENTRAL,
  SIG_END,
  SIG_LOCAL,
  SIG_ZIP64_END,
  SIG_ZIP64_LOCATOR,
  type ZipArchive,
  type ZipEntry,
} from "./zip-entry";
import { checkZipLimits, ZIP_LIMITS, type ZipLimits } from "./zip-limits";

const MAX_COMMENT = 0xffff;
const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
/** Little-endian 64-bit as a JS number; zip offsets past 2^53 are not a real workbook. */
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 0x1_0000_0000;
const names = new TextDecoder("utf-8");

function findEnd(bytes: Uint8Array, file: string | undefined): number {
  const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (u32(bytes, at) === SIG_END && at + 22 + u16(bytes, at + 20) <= bytes.length) return at;
  }
  throw damaged(file, "its zip directory is missing");
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

function directory(bytes: Uint8Array, end: number, file: string | undefined): Directory {
  let dir: Directory = { count: u16(bytes, end + 10), size: u32(bytes, end + 12), offset: u32(bytes, end + 16) };
  const locator = end - 20;
  if (locator >= 0 && u32(bytes, locator) === SIG_ZIP64_LOCATOR) {
    const at = u64(bytes, locator + 8);
    if (at + 56 > bytes.length || u32(bytes, at) !== SIG_ZIP64_END)
      throw damaged(file, "its zip64 directory is missing");
    dir = { count: u64(bytes, at + 32), size: u64(bytes, at + 40), offset: u64(bytes, at + 48) };
  }
  if (u16(bytes, end + 4) !== 0 || u16(bytes, end + 6) !== 0) {
    throw new XlsxError(
      "unsupported",
      `${fileLabel(file)} is a zip split over several files; save it again as one file.`,
    );
  }
  if (dir.offset + dir.size > bytes.length) throw damaged(file, "its zip directory points past the end of the file");
  return dir;
}

/** Sizes and offset from a zip64 extra field, for the fields whose 32-bit slot holds 0xFFFFFFFF. */
function zip64(central: Uint8Array, nameLen: number, extraLen: number, entry: ZipEntry): void {
  let at = 46 + nameLen;
  const stop = at + extraLen;
  while (at + 4 <= stop) {
    const id = u16(central, at);
    const len = u16(central, at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      if (entry.size === 0xffffffff) ((entry.size = u64(central, p)), (p += 8));
      if (entry.compressedSize === 0xffffffff) ((entry.compressedSize = u64(central, p)), (p += 8));
      if (entry.localOffset === 0xffffffff) {
        entry.localOffset = u64(central, p);
        entry.offsetField = { at: p, bytes: 8 };
      }
      return;
    }
    at += 4 + len;
  }
}

/**
 * Reads a zip package's directory without decompressing anything: enough to copy every entry's compressed bytes
 * as they are and to inflate only the parts that are read. Any inconsistency is refused as damage, and a package
 * that would inflate past the limits (zip-limits.ts) is refused before any part is inflated.
 */
export function readZip(bytes: Uint8Array, file?: string, limits: ZipLimits = ZIP_LIMITS): ZipArchive {
  const end = findEnd(bytes, file);
  const dir = directory(bytes, end, file);
  const entries: ZipEntry[] = [];
  let at = dir.offset;
  for (let i = 0; i < dir.count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== SIG_CENTRAL) throw damaged(file, "its zip directory is cut short");
    const nameLen = u16(bytes, at + 28);
    const extraLen = u16(bytes, at + 30);
    const length = 46 + nameLen + extraLen + u16(bytes, at + 32);
    const central = bytes.subarray(at, at + length);
    const entry: ZipEntry = {
      name: names.decode(central.subarray(46, 46 + nameLen)),
      flags: u16(central, 8),
      method: u16(central, 10),
      crc32: u32(central, 16),
      compressedSize: u32(central, 20),
      size: u32(central, 24),
      localOffset: u32(central, 42),
      dataOffset: 0,
      recordEnd: 0,
      central,
      offsetField: { at: 42, bytes: 4 },
    };
    zip64(central, nameLen, extraLen, entry);
    entries.push(entry);
    at += length;
  }
  locate(bytes, entries, dir.offset, file);
  checkZipLimits(entries, file, limits);
  return { bytes, entries, comment: bytes.slice(end + 22, end + 22 + u16(bytes, end + 20)) };
}

/** Checks each local header against the directory and finds where each entry's data and record end. */
function locate(bytes: Uint8Array, entries: ZipEntry[], directoryOffset: number, file: string | undefined): void {
  const seen = new Set<string>();
  for (const e of entries) {
    const key = e.name.toLowerCase();
    if (seen.has(key)) throw damaged(file, `it holds "${e.name}" twice`);
    seen.add(key);
    if (e.flags & FLAG_ENCRYPTED) {
      throw new XlsxError(
        "unsupported",
        `${fileLabel(file)} has encrypted zip entries, which Excel does not write; save it again from Excel.`,
      );
    }
    if (e.method !== 0 && e.method !== 8) {
      throw new XlsxError(
        "unsupported",
        `${fileLabel(file)} uses a zip compression Excel does not write (method ${e.method}); save it again from Excel.`,
      );
    }
    const at = e.localOffset;
    if (at + 30 > bytes.length || u32(bytes, at) !== SIG_LOCAL) throw damaged(file, `the entry "${e.name}" is missing`);
    const nameLen = u16(bytes, at + 26);
    const sameName =
      nameLen === u16(e.central, 28) &&
      bytes.subarray(at + 30, at + 30 + nameLen).every((b, k) => b === e.central[46 + k]);
    if (!sameName) throw damaged(file, `the entry "${e.name}" does not match the zip directory`);
    e.dataOffset = at + 30 + nameLen + u16(bytes, at + 28);
  }
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  byOffset.forEach((e, i) => {
    e.recordEnd = i + 1 < byOffset.length ? byOffset[i + 1].localOffset : directoryOffset;
    if (e.dataOffset + e.compressedSize > e.recordEnd) throw damaged(file, `the entry "${e.name}" is cut short`);
  });
}
