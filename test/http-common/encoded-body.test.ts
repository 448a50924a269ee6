import Fastify from "fastify";
import { chooseEncoding, sendEncoded, type EncodedBody } from "../../src/http-common";

describe("chooseEncoding: brotli, else gzip, else none, as the caller's Accept-Encoding allows", () => {
  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate", undefined],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["gzip;q=0, br;q=0", undefined],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["br;q=0, *", "gzip"],
    ["identity", undefined],
    ["", undefined],
    [undefined, undefined],
    [" GZIP ; q=1.0 ", "gzip"],
  ])("%p → %p", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("sendEncoded: each encoded form made once, and the body's whole size reported as it grows", () => {
  test("brotli then gzip: two encodings, sizes reported raw + br, then raw + br + gzip", async () => {
    const raw = Buffer.from(JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ row: i, name: `n${i % 7}` }))));
    const grown: number[] = [];
    const body: EncodedBody = { contentType: "application/json", headers: {}, raw, encoded: {} };
    body.onGrown = (bytes) => grown.push(bytes);
    const app = Fastify();
    app.get("/page", (request, reply) => sendEncoded(request, reply, body));
    try {
      const br = await app.inject({ url: "/page", headers: { "accept-encoding": "br" } });
      await app.inject({ url: "/page", headers: { "accept-encoding": "br" } });
      const gzip = await app.inject({ url: "/page", headers: { "accept-encoding": "gzip" } });
      const plain = await app.inject({ url: "/page" });
      expect([
        br.headers["content-encoding"],
        gzip.headers["content-encoding"],
        plain.headers["content-encoding"],
      ]).toEqual(["br", "gzip", undefined]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(grown).toEqual([
        raw.length + br.rawPayload.length,
        raw.length + br.rawPayload.length + gzip.rawPayload.length,
      ]);
      expect(plain.rawPayload.equals(raw)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
