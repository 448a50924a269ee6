import fc from "fast-check";
import { EnvelopeScanner } from "../../src/relay/envelope-scanner";

const NAMES = ["state", "expires_at", "next_uri"];
const relayed = (uri: string) => `http://relay/${uri.length}`;

/** The text as sent and the fields found, the body cut into pieces at `cuts` (byte offsets). */
function scan(text: string, cuts: number[] = []): { sent: string; found: Map<string, string> } {
  const bytes = Buffer.from(text);
  const scanner = new EnvelopeScanner(NAMES, "next_uri", relayed);
  const out: Buffer[] = [];
  let at = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
    out.push(...scanner.push(bytes.subarray(at, cut)));
    at = cut;
  }
  out.push(...scanner.end());
  return { sent: Buffer.concat(out).toString("utf8"), found: scanner.found };
}

/** Every way to cut `text` in two, and in single bytes. */
function everyCut(text: string): number[][] {
  const length = Buffer.byteLength(text);
  return [[], ...Array.from({ length }, (_, i) => [i]), Array.from({ length }, (_, i) => i)];
}

describe("EnvelopeScanner: an envelope streamed past, next_uri replaced, the rest byte for byte", () => {
  test("fields before the rows, after them, or around them: the same answer, however the body is cut", () => {
    const rows = [
      { next_uri: "a row's own", state: "x", s: '"},{\\' },
      { é: "ü", n: 1 },
    ];
    for (const envelope of [
      {
        state: "QUERY_STATE_COMPLETED",
        expires_at: "2027-01-01T00:00:00Z",
        next_uri: "http://up/v1/x?offset=1",
        result: { rows },
      },
      {
        result: { rows, metadata: { row_count: 2 } },
        next_uri: "http://up/v1/x?offset=1",
        state: "S",
        expires_at: "E",
      },
      { state: "S", result: { rows }, next_uri: "http://up/v1/x?offset=1", more: [1, { a: "}" }] },
    ]) {
      const text = JSON.stringify(envelope);
      const expected = JSON.stringify({ ...envelope, next_uri: relayed(envelope.next_uri) });
      for (const cuts of everyCut(text)) {
        const { sent, found } = scan(text, cuts);
        expect(sent).toBe(expected);
        expect(found.get("next_uri")).toBe(envelope.next_uri);
        expect(found.get("state")).toBe(envelope.state);
      }
    }
  });

  test("keys inside rows never count; values that are not strings are left out", () => {
    const text = JSON.stringify({
      result: { rows: [{ next_uri: "inside", state: "inside" }] },
      state: 5,
      next_uri: null,
      expires_at: 'a "quoted" \\ value',
    });
    for (const cuts of everyCut(text)) {
      const { sent, found } = scan(text, cuts);
      expect(sent).toBe(text);
      expect([...found]).toEqual([["expires_at", 'a "quoted" \\ value']]);
    }
  });

  test.each(["", "[1,2]", '"next_uri"', "not json", '  {"next_uri"', "null"])("%j passes untouched", (text) => {
    expect(scan(text)).toEqual({ sent: text, found: new Map() });
  });

  test.each([
    ["a damaged key", '{"state":"QUERY_STATE_COMPLETED","n\\qext_uri":"x"}', ["state"]],
    ["a damaged link", '{"state":"A","next_uri":"http://x\\q","z":"y"}', ["state"]],
    ["a cut-off link", '{"state":"A","next_uri":"http://x', ["state"]],
    ["a cut-off key", '{"sta', []],
  ])("%s: the body goes through as it came, with what was found before it", (_name, text, names) => {
    for (const cuts of everyCut(text)) {
      const { sent, found } = scan(text, cuts);
      expect(sent).toBe(text);
      expect([...found.keys()]).toEqual(names);
    }
  });

  test("a link too long to hold passes unchanged", () => {
    const text = JSON.stringify({ next_uri: `http://x/${"a".repeat(70_000)}`, state: "S" });
    expect(scan(text, [10, 40_000]).sent).toBe(text);
  });

  test("agrees with JSON.parse on generated envelopes cut anywhere", () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const envelope = fc.dictionary(
      fc.constantFrom("state", "next_uri", "expires_at", "result", "rows", 'a\\"b'),
      value,
    );
    fc.assert(
      fc.property(envelope, fc.array(fc.nat(400), { maxLength: 6 }), (object, cuts) => {
        const text = JSON.stringify(object);
        const { sent, found } = scan(text, cuts);
        const next = object.next_uri;
        expect(sent).toBe(typeof next === "string" ? JSON.stringify({ ...object, next_uri: relayed(next) }) : text);
        for (const name of NAMES) {
          const v = object[name];
          expect([name, found.get(name)]).toEqual([name, typeof v === "string" ? v : undefined]);
        }
      }),
      { numRuns: 500 },
    );
  });
});
