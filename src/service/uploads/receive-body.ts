import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** The body went past the limit; nothing of it is kept. */
export class BodyTooLargeError extends Error {}

/**
 * Writes a request body to `file` as it arrives, never holding it in memory, and stops at `limit` bytes (the file is
 * removed). Returns the body's size.
 */
export async function receiveBody(body: Readable, file: string, limit: number): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) done(new BodyTooLargeError());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    // The rest of an oversized body is read and dropped, so the answer reaches a client still sending.
    if (error instanceof BodyTooLargeError) body.resume();
    throw error;
  }
  return bytes;
}
