import { carriesSecret, REDACTED } from "../../src/sheet";

describe("carriesSecret", () => {
  const key = "sk_live_0123456789";

  it.each<[string, string, readonly string[], boolean]>([
    ["the key itself", key, [key], true],
    ["the key inside a text", `{"url":"https://x/?api_key=${key}"}`, [key], true],
    ["one of several secrets", `Bearer ${key}`, ["other-secret", key], true],
    ["a text without it", "ethereum", [key], false],
    ["a part of the key only", key.slice(0, 10), [key], false],
    ["no secrets", key, [], false],
    // A short secret (an empty or test setting) would match ordinary text: it is not looked for.
    ["an empty secret", "anything", [""], false],
    ["a secret of seven characters", "abcdefg in a cell", ["abcdefg"], false],
    ["a secret of eight characters", "abcdefgh in a cell", ["abcdefgh"], true],
  ])("%s", (_name, text, secrets, expected) => {
    expect(carriesSecret(text, secrets)).toBe(expected);
  });

  it("names what is written instead", () => expect(REDACTED).toBe("[redacted]"));
});
