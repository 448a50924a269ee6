import { topLevelStrings } from "../../src/relay/envelope-fields";

describe("topLevelStrings: an envelope's top-level string fields, found without parsing the rows", () => {
  const NAMES = ["state", "expires_at", "next_uri"];

  test("the fields and their spans; splicing a new value gives valid JSON with only that value changed", () => {
    const envelope = {
      execution_id: "E",
      state: "QUERY_STATE_COMPLETED",
      expires_at: "2027-01-01T00:00:00Z",
      next_offset: 10,
      next_uri: "http://upstream/v1/execution/E/results?offset=10&limit=10",
      result: { rows: [{ next_uri: "a row's own value", state: "x" }], metadata: { row_count: 1 } },
    };
    const text = JSON.stringify(envelope);
    const found = topLevelStrings(text, NAMES);
    expect([...found.keys()].sort()).toEqual(["expires_at", "next_uri", "state"]);
    const next = found.get("next_uri")!;
    expect(next.value).toBe(envelope.next_uri);
    const spliced = `${text.slice(0, next.start)}${JSON.stringify("http://relay/x")}${text.slice(next.end)}`;
    expect(JSON.parse(spliced)).toEqual({ ...envelope, next_uri: "http://relay/x" });
  });

  test("keys inside rows never count, whatever their order; non-string values are left out", () => {
    const text = JSON.stringify({
      result: { rows: [{ next_uri: "inside", state: "inside" }] },
      state: 5,
      next_uri: null,
      expires_at: 'a "quoted" \\ value',
    });
    const found = topLevelStrings(text, NAMES);
    expect(found.has("next_uri")).toBe(false);
    expect(found.has("state")).toBe(false);
    expect(found.get("expires_at")?.value).toBe('a "quoted" \\ value');
  });

  test("text that is not an object gives nothing", () => {
    for (const text of ["", "[1,2]", '"next_uri"', "not json"]) expect(topLevelStrings(text, NAMES).size).toBe(0);
  });

  test("agrees with JSON.parse on generated envelopes", () => {
    for (let n = 0; n < 200; n++) {
      const envelope: Record<string, unknown> = {};
      const keys = ["a", "state", "b", "next_uri", "expires_at", "result"].sort(() => Math.random() - 0.5);
      for (const k of keys) {
        envelope[k] =
          k === "result"
            ? { rows: [{ next_uri: `r${n}`, s: '"},{' }], metadata: {} }
            : Math.random() < 0.2
              ? n
              : `v\\"${n},{}[]:`;
      }
      const text = JSON.stringify(envelope);
      const found = topLevelStrings(text, NAMES);
      for (const name of NAMES) {
        const value = envelope[name];
        expect([name, found.get(name)?.value]).toEqual([name, typeof value === "string" ? value : undefined]);
      }
    }
  });

  it("stops at a damaged or cut-off string with what it found before it, never throwing", () => {
    expect([...topLevelStrings('{"state":"QUERY_STATE_COMPLETED","n\\qext_uri":"x"}', NAMES).keys()]).toEqual([
      "state",
    ]);
    expect([...topLevelStrings('{"state":"A","next_uri":"http://x\\q"}', NAMES).keys()]).toEqual(["state"]);
    expect([...topLevelStrings('{"state":"A","next_uri":"http://x', NAMES).keys()]).toEqual(["state"]);
    expect(topLevelStrings('{"sta', NAMES).size).toBe(0);
  });
});
