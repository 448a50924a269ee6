import type { IncomingMessage } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/** The largest upstream answer read whole (an execute's, a cancel's or a status's answer is well under a kilobyte). */
export const WHOLE_ANSWER_LIMIT = 1024 * 1024;

/**
 * An upstream answer read to its end, decoded when the upstream compressed it although asked not to: for the small
 * answers the gateway must read before passing them on (a run's id, a status's reported cost). Rejects when the
 * upstream breaks off, or sends more than the limit.
 */
export async function readWhole(res: IncomingMessage, limit = WHOLE_ANSWER_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > limit) {
      res.destroy();
      throw new Error("the upstream's answer is larger than expected");
    }
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  const coding = String(res.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  if (coding === "gzip" || coding === "x-gzip") return gunzipSync(body);
  if (coding === "br") return brotliDecompressSync(body);
  if (coding === "deflate") return inflateSync(body);
  return body;
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
