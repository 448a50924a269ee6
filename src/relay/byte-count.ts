import { Transform, type TransformCallback } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from "node:zlib";

/**
 * Counts the bytes of a body as the upstream meant it, before any compression, as it passes unchanged: what the
 * service bills a read by. An upstream that compresses although asked not to is counted through a decoder fed a
 * copy of what passes (the body itself goes on as it came); a copy that cannot be decoded marks the count `failed`.
 */
export class ByteCount extends Transform {
  bytes = 0;
  failed = false;
  readonly #decoder: Gunzip | undefined;

  constructor(contentEncoding?: string) {
    super();
    const coding = contentEncoding?.trim().toLowerCase();
    const make =
      coding === "gzip" || coding === "x-gzip"
        ? createGunzip
        : coding === "br"
          ? createBrotliDecompress
          : coding === "deflate"
            ? createInflate
            : undefined;
    if (coding && coding !== "identity" && !make) this.failed = true;
    if (make) {
      const decoder = make() as Gunzip;
      decoder.on("data", (chunk: Buffer) => (this.bytes += chunk.length));
      decoder.on("error", () => (this.failed = true));
      this.#decoder = decoder;
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.#decoder) this.#decoder.write(chunk);
    else if (!this.failed) this.bytes += chunk.length;
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    const decoder = this.#decoder;
    if (!decoder || this.failed) return done();
    decoder.once("end", () => done());
    decoder.once("error", () => done());
    decoder.end();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    this.#decoder?.destroy();
    done(error);
  }
}
