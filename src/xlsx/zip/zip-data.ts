import { damaged } from "../errors";
import { PORTABLE_ZIP, type ZipCodec } from "./zip-codec";
import type { ZipArchive, ZipEntry } from "./zip-entry";

/**
 * An entry's uncompressed bytes, checked against the size and CRC the directory records. The declared size was held
 * to the package's limits when it was read (zip-limits.ts); the output buffer is exactly that size, so a part whose
 * data inflates further is cut there and fails its checksum instead of filling memory.
 */
export function entryData(
  archive: ZipArchive,
  entry: ZipEntry,
  file?: string,
  codec: ZipCodec = PORTABLE_ZIP,
): Uint8Array {
  const raw = archive.bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) data = raw;
  else {
    try {
      data = codec.inflate(raw, entry.size);
    } catch {
      throw damaged(file, `the part "${entry.name}" cannot be decompressed`, entry.name);
    }
  }
  if (data.length !== entry.size || codec.crc32(data) !== entry.crc32) {
    throw damaged(file, `the part "${entry.name}" fails its checksum`, entry.name);
  }
  return data;
}
