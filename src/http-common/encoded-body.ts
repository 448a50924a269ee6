import type { FastifyReply, FastifyRequest } from "fastify";
import { COMPRESS_THRESHOLD, ENCODERS, chooseEncoding, type Encoding } from "./compression";

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
export function varyOn(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const fields = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes("*") || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header("Vary", [...fields, field].join(", "));
}
