import { tokenize } from "../../../src/service/query-language/tokenizer";

const kinds = (text: string) => tokenize(text).map((t) => `${t.kind}:${t.value}@${t.position}`);

describe("tokenize", () => {
  test.each<[string, string[]]>([
    ["a = 'x'", ["word:a@0", "operator:=@2", "string:x@4", "end:@7"]],
    ["a<=-1.5e3", ["word:a@0", "operator:<=@1", "number:-1.5e3@3", "end:@9"]],
    ["a <> 1", ["word:a@0", "operator:<>@2", "number:1@5", "end:@6"]],
    [
      '"a ""b""" IN (1,2)',
      [
        'quoted:a "b"@0',
        "word:IN@10",
        "lparen:(@13",
        "number:1@14",
        "comma:,@15",
        "number:2@16",
        "rparen:)@17",
        "end:@18",
      ],
    ],
    ["'it''s'", ["string:it's@0", "end:@7"]],
    ["''", ["string:@0", "end:@2"]],
    ["", ["end:@0"]],
  ])("%j", (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it("stops at the first problem, so the parser reports problems in text order", () => {
    const tokens = tokenize("a = 1; b -- c");
    expect(tokens.map((t) => t.kind)).toEqual(["word", "operator", "number", "invalid"]);
    expect(tokens[3]).toMatchObject({ position: 5, value: 'unexpected ";"' });
  });

  test.each([
    ["x - 1", 2, "arithmetic"],
    ["x = 1 --", 6, "comments"],
    ["x = 'open", 4, "unterminated text"],
    ['"open', 0, "unterminated quoted column name"],
    ["x = 12abc", 4, 'malformed number "12abc"'],
    ["x = 🚀", 4, 'unexpected character "🚀"'],
  ])("%j is invalid at %d", (text, position, message) => {
    const last = tokenize(text).at(-1);
    expect(last?.kind).toBe("invalid");
    expect(last?.position).toBe(position);
    expect(`${last?.value}; ${last?.hint}`).toContain(message);
  });
});
