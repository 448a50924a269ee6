import { inflateSync } from "fflate";
import { damaged } from "../errors";
import { crc32 } from "./crc32";
import type { ZipArchive, ZipEntry } from "./zip-entry";

/**
 * The largest part we inflate: beyond it a "workbook" is a decompression bomb or more than a JavaScript string holds
 * (V8 caps strings near 512 MB; a sheet's XML is read as one).
 */
export const MAX_PART_BYTES = 512 * 1024 * 1024;

/** An entry's uncompressed bytes, checked against the size and CRC the directory records. */
export function entryData(archive: ZipArchive, entry: ZipEntry, file?: string): Uint8Array {
  if (entry.size > MAX_PART_BYTES)
    throw damaged(file, `the part "${entry.name}" claims ${entry.size} bytes`, entry.name);
  const raw = archive.bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) data = raw;
  else {
    try {
      data = inflateSync(raw, { out: new Uint8Array(entry.size) });
    } catch {
      throw damaged(file, `the part "${entry.name}" cannot be decompressed`, entry.name);
    }
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc32) {
    throw damaged(file, `the part "${entry.name}" fails its checksum`, entry.name);
  }
  return data;
}
