import { promisify } from "node:util";
import type { Transform } from "node:stream";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";

/** Bodies below this size are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 2048;
/**
 * The fastest levels: result pages are large and highly repetitive, so they already shrink 4-5x, while higher levels
 * cost more CPU than the transfer they save on a fast link. Measured on a 6.2 MB page of 25,000 rows: gzip level 1
 * 28 ms to 1.43 MB, brotli quality 1 14 ms to 1.30 MB (gzip's default level: twice the page's whole time).
 */
export const GZIP_LEVEL = 1;
export const BROTLI_QUALITY = 1;

/** The same choices for `@fastify/compress` (every other response of the service). */
export const COMPRESSION_PLUGIN_OPTIONS = {
  threshold: COMPRESS_THRESHOLD,
  encodings: ["br", "gzip", "deflate"] as ("br" | "gzip" | "deflate")[],
  zlibOptions: { level: GZIP_LEVEL },
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
};

/** Whole bodies, compressed in one piece off the event loop (zlib's thread pool). */
export const ENCODERS = {
  br: (raw: Buffer) =>
    promisify(brotliCompress)(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  gzip: (raw: Buffer) => promisify(gzip)(raw, { level: GZIP_LEVEL }),
};

export type Encoding = keyof typeof ENCODERS;

/** A body of unknown length compressed as it passes, at the same levels as whole bodies. */
export function compressingStream(encoding: Encoding): Transform {
  return encoding === "br"
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : createGzip({ level: GZIP_LEVEL });
}

/**
 * The encoding to send for an `Accept-Encoding` header: brotli when accepted (browsers offer it over HTTPS, which
 * every Office add-in uses; cheaper and smaller than gzip at these levels), else gzip, else none. q-values are
 * honoured; `*` stands for any encoding not named.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, boolean>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim() === "x-gzip" ? "gzip" : name.trim(), !q || Number(q[1]) > 0);
  }
  const star = accepted.get("*") ?? false;
  return (["br", "gzip"] as const).find((e) => accepted.get(e) ?? star);
}
