/** One file of a zip package as its central directory describes it, with where its bytes lie in the package. */
export interface ZipEntry {
  /** The name as stored ("xl/worksheets/sheet1.xml"). */
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  size: number;
  /** Offset of the local file header. */
  localOffset: number;
  /** Offset of the entry's (compressed) data, after its local header. */
  dataOffset: number;
  /** End of the entry's local record (data and any data descriptor): the next record or the central directory. */
  recordEnd: number;
  /** The entry's central directory record, byte for byte (copied into the output with its offset updated). */
  central: Uint8Array;
  /** Where the local-header offset is stored inside `central`: the 32-bit field, or a zip64 extra field's 64-bit one. */
  offsetField: { at: number; bytes: 4 | 8 };
}

/** A zip package read for surgical rewriting: entries in central-directory order, and the package's own bytes. */
export interface ZipArchive {
  bytes: Uint8Array;
  entries: ZipEntry[];
  /** The end-of-central-directory comment, kept as it was. */
  comment: Uint8Array;
}

export const SIG_LOCAL = 0x04034b50;
export const SIG_CENTRAL = 0x02014b50;
export const SIG_END = 0x06054b50;
export const SIG_ZIP64_END = 0x06064b50;
export const SIG_ZIP64_LOCATOR = 0x07064b50;
export const FLAG_ENCRYPTED = 0x1;
export const FLAG_DATA_DESCRIPTOR = 0x8;
export const FLAG_UTF8 = 0x800;
