import { fileLabel, XlsxError } from "../errors";
import type { ZipEntry } from "./zip-entry";

/**
 * What a package may inflate to, checked from its central directory before any part is inflated, so a
 * decompression bomb is refused up front instead of ending in an out-of-memory crash part-way through a refresh.
 * Inflating never goes past a part's declared size (the output buffer is that size, and a part that is longer fails
 * its checksum), so these declared sizes bound what is held.
 */
export interface ZipLimits {
  /** One part: V8 caps a string near 512 MB, and a sheet's XML is read as one. */
  maxPartBytes: number;
  /** Every part together: their text, and the cells read from it, are held at once. */
  maxTotalBytes: number;
  /** Declared size over compressed size, for parts past `ratioGraceBytes`. */
  maxRatio: number;
  ratioGraceBytes: number;
}

const MB = 1024 * 1024;

/**
 * Sheet XML compresses about 5 to 20 times, very repetitive sheets (rows of the same styled empty cells) up to about
 * a hundred; deflate's own limit is 1032. 250 leaves real workbooks well clear and refuses what only a bomb reaches.
 */
export const ZIP_LIMITS: ZipLimits = {
  maxPartBytes: 512 * MB,
  maxTotalBytes: 512 * MB,
  maxRatio: 250,
  ratioGraceBytes: 1 * MB,
};

const size = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function tooLarge(file: string | undefined, detail: string, part?: string): XlsxError {
  return new XlsxError(
    "too-large",
    `${fileLabel(file)} was refused before anything was done with it: ${detail}. A workbook saved by Excel does ` +
      "not look like this; if it is yours, open it in Excel and save it again, or split it into smaller workbooks.",
    part,
  );
}

/** Refuses a package whose declared sizes pass the limits (an XlsxError of kind "too-large"). */
export function checkZipLimits(entries: readonly ZipEntry[], file?: string, limits: ZipLimits = ZIP_LIMITS): void {
  let total = 0;
  for (const e of entries) {
    if (e.size > limits.maxPartBytes)
      throw tooLarge(
        file,
        `its part "${e.name}" would inflate to ${size(e.size)}, over ${size(limits.maxPartBytes)}`,
        e.name,
      );
    if (e.method !== 0 && e.size > limits.ratioGraceBytes && e.size > e.compressedSize * limits.maxRatio) {
      const ratio = Math.round(e.size / Math.max(1, e.compressedSize));
      throw tooLarge(
        file,
        `its part "${e.name}" would inflate ${size(e.compressedSize)} to ${size(e.size)} (${ratio} times; real ` +
          `workbooks stay under ${limits.maxRatio}), the mark of a decompression bomb`,
        e.name,
      );
    }
    total += e.size;
  }
  if (total > limits.maxTotalBytes)
    throw tooLarge(
      file,
      `its parts would inflate to ${size(total)} in all, over the ${size(limits.maxTotalBytes)} a refresh holds`,
    );
}
