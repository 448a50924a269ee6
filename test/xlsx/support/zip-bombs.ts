import { deflateSync } from "fflate";
import { readZip } from "../../../src/xlsx/zip/zip-read";
import { ZIP_LIMITS } from "../../../src/xlsx/zip/zip-limits";

/** What a package's central directory says of one part, rewritten in place: a size that is not what it holds. */
export function declareSize(bytes: Uint8Array, part: string, size: number): Uint8Array {
  const copy = bytes.slice();
  // Read without limits: the point is to make a package that passes them only by lying.
  const unlimited = { ...ZIP_LIMITS, maxPartBytes: Infinity, maxTotalBytes: Infinity, maxRatio: Infinity };
  const entry = readZip(copy, undefined, unlimited).entries.find((e) => e.name === part);
  if (!entry) throw new Error(`no part ${part}`);
  new DataView(entry.central.buffer, entry.central.byteOffset).setUint32(24, size, true);
  return copy;
}

/** Sheet XML of `bytes` spaces: deflates about a thousand times, as a bomb does (small on disk and in tests). */
export function repetitiveSheet(bytes: number): Uint8Array<ArrayBuffer> {
  const head = new TextEncoder().encode(
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/>',
  );
  const tail = new TextEncoder().encode("</worksheet>");
  const out = new Uint8Array(bytes).fill(0x20);
  out.set(head, 0);
  out.set(tail, bytes - tail.length);
  return out;
}

export const deflatedSize = (data: Uint8Array) => deflateSync(data, { level: 9 }).length;
