import { chooseEncoding } from "../../../src/service/http/encoded-body";

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
