import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Bodies below this size are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 2048;
/**
 * The fastest levels: result pages are large and highly repetitive, so they already shrink 4-5x, while higher levels
 * cost more CPU than the transfer they save on a fast link. Measured on a 6.2 MB page of 25,000 rows: gzip level 1
 * 28 ms to 1.43 MB, brotli quality 1 14 ms to 1.30 MB (gzip's default level: twice the page's whole time).
 */
export const GZIP_LEVEL = 1;
export const BROTLI_QUALITY = 1;

/** The same choices for `@fastify/compress` (every other response of the service, and the relay's). */
export const COMPRESSION_PLUGIN_OPTIONS = {
  threshold: COMPRESS_THRESHOLD,
  encodings: ["br", "gzip", "deflate"] as ("br" | "gzip" | "deflate")[],
  zlibOptions: { level: GZIP_LEVEL },
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
};

const ENCODERS = {
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

/** A complete response body, with its encoded forms once callers accepting them have asked. */
export interface EncodedBody {
  contentType: string;
  headers: Record<string, string>;
  raw: Buffer;
  /** Promises, so concurrent callers share one compression. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Told the body's whole size (raw and every encoded form) each time an encoded form is added: a cache's charge. */
  onGrown?: (bytes: number) => void;
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

/**
 * Sends a complete body, encoded in one piece off the event loop (zlib's thread pool) when the caller accepts it
 * and it is worth it; the encoded form is kept on `body` for the next caller. Bodies sent this way are already
 * encoded, so the compression plugin passes them through; a caller accepting only deflate gets the plugin's.
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): Promise<unknown> {
  reply.type(body.contentType).headers(body.headers);
  if (body.raw.length < COMPRESS_THRESHOLD) return reply.send(body.raw);
  // The body now depends on the caller's Accept-Encoding, whatever it was: caches must keep the forms apart.
  varyOn(reply, "Accept-Encoding");
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  if (!encoding) return reply.send(body.raw);
  const encoded = await (body.encoded[encoding] ??= encodeForm(body, encoding));
  return reply.header("Content-Encoding", encoding).send(encoded);
}

function encodeForm(body: EncodedBody, encoding: Encoding): Promise<Buffer> {
  const form = ENCODERS[encoding](body.raw);
  void form.then(
    () => reportSize(body),
    () => undefined,
  );
  return form;
}

/** Tells `onGrown` the body's size once every encoded form begun is done. */
async function reportSize(body: EncodedBody): Promise<void> {
  if (!body.onGrown) return;
  const forms = await Promise.all(Object.values(body.encoded).map((form) => form.catch(() => Buffer.alloc(0))));
  body.onGrown(forms.reduce((sum, form) => sum + form.length, body.raw.length));
}

/** Adds `field` to the reply's `Vary` header, keeping what is there (CORS adds `Origin`). */
function varyOn(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const fields = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes("*") || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header("Vary", [...fields, field].join(", "));
}
