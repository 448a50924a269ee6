import type { FastifyReply, FastifyRequest } from "fastify";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { PassThrough, pipeline, Transform, type Readable, type TransformCallback } from "node:stream";
import { finished } from "node:stream/promises";
import { COMPRESS_THRESHOLD, chooseEncoding, compressingStream, varyOn, type Encoding } from "../http-common";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { ByteCount } from "./byte-count";
import type { Redactor } from "./redaction";
import { EnvelopeScanner } from "./envelope-scanner";

/** Response headers the relay passes on (hop-by-hop and cookies are dropped). */
export const PASSED_HEADERS = [
  "content-type",
  "retry-after",
  "x-service-next-offset",
  "x-service-next-uri",
  "cache-control",
];

/** A complete answer the relay may keep: the body as sent before compression, and the compressed form made. */
export interface CompleteAnswer {
  status: number;
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
  encoded?: { encoding: Encoding; body: Buffer };
  /** The envelope's top-level `state` and `expires_at`, when it is JSON that has them. */
  fields: Map<string, string>;
}

export interface StreamOptions {
  /** An upstream link pointed at the relay. */
  relayLink: (link: string) => string;
  /** With a limit: told the whole answer once it has all passed, when it was no larger than the limit. */
  keep?: { limitBytes: number; complete: (answer: CompleteAnswer) => void };
  /** Told, once the answer has ended or was cut off, what the upstream's body came to (the gateway bills by it). */
  counted?: (count: BodyCount) => void;
  /** A secret the caller must never see (the gateway's team key): taken out of the headers and the body. */
  redact?: Redactor;
}

/** What passed of an upstream body. */
export interface BodyCount {
  status: number;
  contentType: string;
  /** Its bytes as the upstream sent them, before compression (NaN when they could not be counted). */
  bytes: number;
  /** Whether all of it passed. */
  complete: boolean;
  /** The caller left part-way, and the upstream's body was still read to its end (and counted whole). */
  abandoned: boolean;
  /** The JSON envelope's top-level `state` and `next_uri` (as the upstream wrote it), when read. */
  fields: Map<string, string>;
  /** The upstream's `X-Service-Next-Offset` header (CSV pages). */
  nextOffset?: string;
}

/**
 * Passes the upstream's answer on as it arrives, never holding more of it than a page the cache would keep: the
 * status and the API's headers (a paging link pointed at the relay), the JSON envelope's `next_uri` rewritten on the
 * way, compressed as it passes when the caller accepts it (brotli, else gzip; a body known to be tiny is not). Reading
 * follows the caller: a slow one slows the upstream, and one that leaves stops it (the whole chain is torn down,
 * closing the upstream connection). An upstream that fails mid-answer cuts the caller's connection: a short body is
 * never passed on as a whole one.
 */
export function sendStreamed(
  request: FastifyRequest,
  reply: FastifyReply,
  res: IncomingMessage,
  options: StreamOptions,
): FastifyReply {
  const status = res.statusCode ?? 502;
  const { redact } = options;
  const headers = passedHeaders(res.headers, redact);
  const nextUri = headers["x-service-next-uri"];
  if (nextUri !== undefined) headers["x-service-next-uri"] = options.relayLink(nextUri);
  const contentType = headers["content-type"] ?? "application/octet-stream";
  const stages: Transform[] = [];
  // The upstream was asked for no compression; one that compresses anyway is passed on as it is, and not kept,
  // unless a secret must be taken out of it: then it is decoded first (or not passed on at all).
  const upstreamEncoding = res.headers["content-encoding"];
  const decoder = redact ? decoding(upstreamEncoding) : undefined;
  if (decoder) stages.push(decoder);
  const asSent = !decoder && upstreamEncoding !== undefined && upstreamEncoding !== "identity";
  if (asSent) headers["content-encoding"] = upstreamEncoding;
  if (redact) stages.push(asSent ? unreadable() : redact.stream());
  const count = options.counted ? new ByteCount(upstreamEncoding) : undefined;
  const source = count ? countedSource(res, count) : res;

  let scanner: EnvelopeScanner | undefined;
  if (!asSent && status === 200 && contentType.includes("json")) {
    scanner = new EnvelopeScanner(["state", "expires_at", "next_uri"], "next_uri", options.relayLink);
    stages.push(scanning(scanner));
  }
  const keep = asSent ? undefined : options.keep;
  const raw = keep ? new Tap(keep.limitBytes) : undefined;
  if (raw) stages.push(raw);
  const length = Number(res.headers["content-length"] ?? NaN);
  const mayCompress = !asSent && !(length < COMPRESS_THRESHOLD);
  const encoding = mayCompress ? chooseEncoding(request.headers["accept-encoding"]) : undefined;
  if (mayCompress) varyOn(reply, "Accept-Encoding");
  const compressed = keep && encoding ? new Tap(keep.limitBytes) : undefined;
  if (encoding) {
    stages.push(compressingStream(encoding));
    if (compressed) stages.push(compressed);
    headers["content-encoding"] = encoding;
  }
  if (stages.length === 0) stages.push(new PassThrough());

  const last = stages[stages.length - 1]!;
  pipeline([source, ...stages], (error) => {
    const counted = options.counted;
    if (count && counted) {
      void wholeBody(res, count, error !== undefined && error !== null).then((bytes) =>
        counted({
          status,
          contentType,
          bytes,
          complete: !error,
          abandoned: Boolean(error) && res.complete,
          fields: scanner?.found ?? new Map(),
          nextOffset: pick(res.headers, ["x-service-next-offset"])["x-service-next-offset"],
        }),
      );
    }
    if (error || !keep || !raw || raw.overflowed) return;
    const { ["content-type"]: _type, ["content-encoding"]: _encoding, ...kept } = headers;
    keep.complete({
      status,
      contentType,
      headers: kept,
      body: Buffer.concat(raw.chunks),
      encoded:
        encoding && compressed && !compressed.overflowed
          ? { encoding, body: Buffer.concat(compressed.chunks) }
          : undefined,
      fields: scanner?.found ?? new Map(),
    });
  });
  return reply.status(status).headers(headers).send(last);
}

/**
 * The upstream's body fed to the caller's chain through a stream of its own, every byte counted on the way, so that
 * a caller who leaves stops only that chain: the upstream's body is still read to its end and counted, because the
 * service bills the whole page it sends whoever reads it (the gateway books what the service can bill).
 */
function countedSource(res: IncomingMessage, count: ByteCount): Readable {
  const feed = new PassThrough();
  count.resume(); // the count's own output is not used: it only counts
  res.on("data", (chunk: Buffer) => {
    count.write(chunk);
    if (!feed.destroyed && !feed.write(chunk)) res.pause();
  });
  feed.on("drain", () => res.resume());
  res.once("end", () => feed.end());
  res.once("error", (error) => feed.destroy(error));
  feed.once("close", () => {
    if (res.isPaused()) res.resume();
  });
  return feed;
}

/** The bytes of the upstream's body once it has ended (or failed): NaN when they could not be counted. */
async function wholeBody(res: IncomingMessage, count: ByteCount, callerLeft: boolean): Promise<number> {
  if (callerLeft && !res.readableEnded && !res.destroyed) {
    res.resume();
    await new Promise<void>((resolve) => {
      res.once("end", resolve);
      res.once("close", resolve);
    });
  }
  count.end();
  await finished(count).catch(() => undefined);
  return count.failed ? NaN : count.bytes;
}

/**
 * The upstream's headers the caller gets: those the add-in reads (`Cache-Control` too in the plain relay, which
 * passes a service's answer on as it is); with a secret to keep, only those the add-in needs, the secret taken out.
 */
export function passedHeaders(headers: IncomingHttpHeaders, redact: Redactor | undefined): Record<string, string> {
  const passed = pick(headers, redact ? PASSED_HEADERS.filter((name) => name !== "cache-control") : PASSED_HEADERS);
  return redact ? redact.headers(passed) : passed;
}

/** A decoder for an upstream body compressed although asked not to; undefined for none (or one unknown). */
function decoding(encoding: string | undefined): Transform | undefined {
  const coding = encoding?.trim().toLowerCase();
  if (coding === "gzip" || coding === "x-gzip") return createGunzip();
  if (coding === "br") return createBrotliDecompress();
  if (coding === "deflate") return createInflate();
  return undefined;
}

/** A body that cannot be searched for a secret (an unknown compression) is not passed on: the answer is cut. */
function unreadable(): Transform {
  return new Transform({
    transform(_chunk: Buffer, _encoding, done: TransformCallback) {
      done(new Error("an upstream body in an unknown compression cannot be checked for the team's key"));
    },
  });
}

/** The scanner as a stream stage. */
function scanning(scanner: EnvelopeScanner): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      for (const part of scanner.push(chunk)) this.push(part);
      done();
    },
    flush(done: TransformCallback) {
      for (const part of scanner.end()) this.push(part);
      done();
    },
  });
}

/** Passes bytes on and keeps a copy of them while they fit in `limit` (then none: the copy would be partial). */
class Tap extends Transform {
  chunks: Buffer[] = [];
  #bytes = 0;
  overflowed = false;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.overflowed) {
      this.#bytes += chunk.length;
      if (this.#bytes > this.limit) {
        this.overflowed = true;
        this.chunks = [];
      } else this.chunks.push(chunk);
    }
    done(null, chunk);
  }
}

/** The named headers that have a single value. */
export function pick(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === "string") out[name] = value;
  }
  return out;
}
