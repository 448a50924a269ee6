import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { ByteCount } from "../../src/relay/byte-count";

/** The bytes a read is billed by: the body as the upstream meant it, before any compression, passed on unchanged. */
async function count(body: Buffer, encoding?: string): Promise<{ counter: ByteCount; passed: Buffer }> {
  const counter = new ByteCount(encoding);
  const chunks: Buffer[] = [];
  const parts = [body.subarray(0, 7), body.subarray(7, 100), body.subarray(100)];
  await pipeline(Readable.from(parts), counter, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(chunk);
  });
  return { counter, passed: Buffer.concat(chunks) };
}

const page = Buffer.from(
  JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i, s: "x".repeat(i % 9) })) }),
);

test.each([
  ["identity", undefined, page],
  ["gzip", "gzip", gzipSync(page)],
  ["brotli", "br", brotliCompressSync(page)],
  ["deflate", "deflate", deflateSync(page)],
])("%s: counted as the uncompressed body, passed on as it came", async (_name, encoding, body) => {
  const { counter, passed } = await count(body, encoding);
  expect([counter.bytes, counter.failed]).toEqual([page.length, false]);
  expect(passed.equals(body)).toBe(true);
});

test("a coding it cannot decode, or a body that is not what it says, is marked failed (booked at its estimate)", async () => {
  expect((await count(page, "zstd")).counter.failed).toBe(true);
  const { counter, passed } = await count(page, "gzip");
  expect(counter.failed).toBe(true);
  expect(passed.equals(page)).toBe(true);
});
