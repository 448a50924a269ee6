import { XlsxError } from "../errors";
import { PORTABLE_ZIP, type ZipCodec } from "./zip-codec";
import {
  FLAG_DATA_DESCRIPTOR,
  FLAG_UTF8,
  SIG_CENTRAL,
  SIG_END,
  SIG_LOCAL,
  type ZipArchive,
  type ZipEntry,
} from "./zip-entry";

/** What changes in a package: new content for an entry (by its stored name), or null to drop it. */
export type ZipChanges = ReadonlyMap<string, Uint8Array | null>;

const encoder = new TextEncoder();
const LIMIT = 0xffffffff;

function put16(b: Uint8Array, at: number, v: number): void {
  b[at] = v & 0xff;
  b[at + 1] = (v >>> 8) & 0xff;
}
function put32(b: Uint8Array, at: number, v: number): void {
  put16(b, at, v & 0xffff);
  put16(b, at + 2, (v >>> 16) & 0xffff);
}
function put64(b: Uint8Array, at: number, v: number): void {
  put32(b, at, v >>> 0);
  put32(b, at + 4, Math.floor(v / 0x1_0000_0000));
}

interface Written {
  local: Uint8Array[];
  central: Uint8Array;
}

/** A fresh local header and central record for new content; date, time, attributes and comment from `like`. */
function rewritten(
  name: string,
  data: Uint8Array,
  offset: number,
  like: ZipEntry | undefined,
  codec: ZipCodec,
): Written {
  const nameBytes = encoder.encode(name);
  const packed = codec.deflate(data);
  const crc = codec.crc32(data);
  const stored = packed.length >= data.length;
  const body = stored ? data : packed;
  const ascii = nameBytes.length === name.length;
  const flags = ((like?.flags ?? 0) & ~(FLAG_DATA_DESCRIPTOR | 0x6)) | (ascii ? 0 : FLAG_UTF8);
  const old = like?.central;
  const comment = old ? old.subarray(46 + old[28] + (old[29] << 8) + old[30] + (old[31] << 8)) : new Uint8Array(0);
  const local = new Uint8Array(30 + nameBytes.length);
  const central = new Uint8Array(46 + nameBytes.length + comment.length);
  put32(local, 0, SIG_LOCAL);
  put32(central, 0, SIG_CENTRAL);
  put16(central, 4, old ? old[4] | (old[5] << 8) : 20);
  for (const [b, at] of [
    [local, 4],
    [central, 6],
  ] as const) {
    put16(b, at, 20);
    put16(b, at + 2, flags);
    put16(b, at + 4, stored ? 0 : 8);
    // The original entry's date and time (1980-01-01 for a new entry): the same edit gives the same bytes.
    put32(b, at + 6, old ? old[12] | (old[13] << 8) | (old[14] << 16) | (old[15] << 24) : 0x00210000);
    put32(b, at + 10, crc);
    put32(b, at + 14, body.length);
    put32(b, at + 18, data.length);
    put16(b, at + 22, nameBytes.length);
  }
  put16(central, 32, comment.length);
  if (old) central.set(old.subarray(36, 42), 36);
  put32(central, 42, offset);
  local.set(nameBytes, 30);
  central.set(nameBytes, 46);
  central.set(comment, 46 + nameBytes.length);
  return { local: [local, body], central };
}

/** The entry's local record as it was, and its central record with the new offset. */
function copied(archive: ZipArchive, e: ZipEntry, offset: number): Written {
  const central = e.central.slice();
  if (e.offsetField.bytes === 4) put32(central, e.offsetField.at, offset);
  else put64(central, e.offsetField.at, offset);
  return { local: [archive.bytes.subarray(e.localOffset, e.recordEnd)], central };
}

function total(chunks: readonly Uint8Array[]): number {
  return chunks.reduce((n, c) => n + c.length, 0);
}

/**
 * Writes the package again: every entry not in `changes` keeps its local record byte for byte (compressed data,
 * extra fields, data descriptor), changed entries are deflated anew in place, dropped ones are left out, and
 * `added` entries follow the rest. The output is a classic zip (no zip64): a workbook past 4 GB is refused.
 */
export function writeZip(
  archive: ZipArchive,
  changes: ZipChanges,
  added: ReadonlyArray<{ name: string; data: Uint8Array }> = [],
  codec: ZipCodec = PORTABLE_ZIP,
): Uint8Array {
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const emit = (w: Written) => {
    local.push(...w.local);
    central.push(w.central);
    offset += total(w.local);
  };
  for (const e of archive.entries) {
    const change = changes.get(e.name);
    if (change === null) continue;
    emit(change === undefined ? copied(archive, e, offset) : rewritten(e.name, change, offset, e, codec));
  }
  for (const a of added) emit(rewritten(a.name, a.data, offset, undefined, codec));
  const directorySize = total(central);
  if (offset + directorySize > LIMIT || central.length > 0xffff) {
    throw new XlsxError(
      "bad-value",
      "The workbook would be larger than 4 GB or hold more than 65,535 parts; nothing was written.",
    );
  }
  const end = new Uint8Array(22 + archive.comment.length);
  put32(end, 0, SIG_END);
  put16(end, 8, central.length);
  put16(end, 10, central.length);
  put32(end, 12, directorySize);
  put32(end, 16, offset);
  put16(end, 20, archive.comment.length);
  end.set(archive.comment, 22);
  const out = new Uint8Array(offset + directorySize + end.length);
  let at = 0;
  for (const c of [...local, ...central, end]) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
