import * as zlib from "node:zlib";
import { crc32 as portableCrc32 } from "../zip/crc32";
import { DEFLATE_LEVEL, type ZipCodec } from "../zip/zip-codec";

/** `zlib.crc32` arrived in Node 20.15 and 22.2; the package supports any Node 20, so older ones use our table. */
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** Node's zlib as the package codec: what reading and writing workbook files on disk uses. */
export const NODE_ZIP: ZipCodec = {
  // Inflating past `size` stops with an error rather than filling memory; the caller reports the part as damaged.
  inflate: (raw, size) => zlib.inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) }),
  deflate: (data) => zlib.deflateRawSync(data, { level: DEFLATE_LEVEL }),
  crc32: nativeCrc32 ? (data) => nativeCrc32(data) : portableCrc32,
};
