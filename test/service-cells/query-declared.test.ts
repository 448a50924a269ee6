import type { FetchLike, SavedQuery } from "../../src/client";
import { withDeclaration, readQueryCell } from "../../src/service-cells/query-request";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type Workbench, errorOf, generatedMetadata, settle, waitFor, workbench } from "../functions/support/harness";

const KEY = "declared-key-0123456789";

/** Query 7 declares a number named like a date and a date named like nothing in particular. */
const DECLARATIONS: Record<number, unknown> = {
  7: {
    query_id: 7,
    name: "Blocks in a window",
    parameters: [
      { key: "start_time", type: "number", value: "0" },
      { key: "from", type: "datetime", value: "2024-01-01 00:00:00" },
      { key: "chain", type: "enum", value: "ethereum", enumOptions: ["ethereum", "base"] },
      { key: "label", type: "text", value: "" },
    ],
  },
  8: { query_id: 8, name: "No inputs", parameters: [] },
};

/** A declaration as the client gives it (the service's `datetime` is a date). */
function declared(id: number): SavedQuery {
  const raw = DECLARATIONS[id] as { parameters: { type: string }[] };
  return {
    ...raw,
    parameters: raw.parameters.map((p) => ({ ...p, type: p.type === "datetime" ? "date" : p.type })),
  } as unknown as SavedQuery;
}

function declaringApi(status: Record<number, number> = {}) {
  const asked: number[] = [];
  const fetch: FetchLike = async (url) => {
    const match = /^\/v1\/query\/(\d+)$/.exec(new URL(url).pathname);
    const json = (body: unknown, code = 200) =>
      new Response(JSON.stringify(body), { status: code, headers: { "content-type": "application/json" } });
    if (!match) return json({ error: "Not found" }, 404);
    const id = Number(match[1]);
    asked.push(id);
    if (status[id]) return json({ error: "Not allowed" }, status[id]);
    return DECLARATIONS[id] ? json(DECLARATIONS[id]) : json({ error: "Query not found" }, 404);
  };
  return { fetch, asked };
}

const SERIAL_2024_03_05 = 45356;

describe("SERVICE.QUERY types its inputs as the query declares them", () => {
  it.each<[string, unknown[], Record<string, unknown>]>([
    ["a number named like a date stays a number", ["start_time", SERIAL_2024_03_05], { start_time: SERIAL_2024_03_05 }],
    ["a date named like nothing in particular becomes date text", ["from", SERIAL_2024_03_05], { from: "2024-03-05" }],
    ["a date with a time of day keeps it", ["from", SERIAL_2024_03_05 + 0.5], { from: "2024-03-05 12:00:00" }],
    ["text and enums as the cell shows them", ["chain", " base ", "label", 12], { chain: "base", label: 12 }],
  ])("%s", (_what, args, parameters) => {
    const cell = readQueryCell(
      7,
      args.map((a) => [[a]]),
    );
    expect(withDeclaration(cell, declared(7)).parameters).toEqual(parameters);
  });

  it("by their names alone (no declaration), the same inputs go the other way", () => {
    const cell = readQueryCell(7, [[["start_time"]], [[SERIAL_2024_03_05]], [["from"]], [[SERIAL_2024_03_05]]]);
    expect(cell.parameters).toEqual({ start_time: "2024-03-05", from: SERIAL_2024_03_05 });
  });

  it.each([
    [
      7,
      ["colour", "red"],
      'Query 7 (Blocks in a window) has no parameter "colour"; its parameters: start_time, from, chain, label',
    ],
    [
      7,
      ["Chain", "base"],
      'Query 7 (Blocks in a window) has no parameter "Chain" (did you mean "chain"? names are case-sensitive); its parameters: start_time, from, chain, label',
    ],
    [8, ["x", 1], 'Query 8 (No inputs) takes no parameters; got "x"'],
  ])("query %d with %j is refused: %s", (id, args, message) => {
    const cell = readQueryCell(
      id,
      args.map((a) => [[a]]),
    );
    expect(() => withDeclaration(cell, declared(id))).toThrow(message);
  });
});

describe("SERVICE.QUERY cells and the queries endpoint", () => {
  let metadata: FunctionsMetadata;
  let bench: Workbench;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });
  afterEach(() => bench.close());

  it("a name the query does not declare: #VALUE! in the cell, listing the declared names; one request per query", async () => {
    const api = declaringApi();
    bench = workbench(metadata, { baseUrl: "http://service.test", apiKey: KEY, fetch: api.fetch });
    const wrong = bench.cell("QUERY", 7, "colour", "red");
    const right = bench.cell("QUERY", 7, "start_time", SERIAL_2024_03_05);
    await waitFor(() => errorOf(wrong.latest ?? errorPlaceholder).code === "#VALUE!", "the misnamed cell's error");
    expect(errorOf(wrong.latest).message).toBe(
      'Query 7 (Blocks in a window) has no parameter "colour"; its parameters: start_time, from, chain, label',
    );
    await waitFor(() => /start_time=45356\)/.test(errorOf(right.latest).message ?? ""), "the right cell's message");
    expect(errorOf(right.latest).message).toMatch(/^Not run with these inputs yet \(start_time=45356\)/);
    expect(api.asked).toEqual([7]);
  });

  it.each([403, 404])("queries endpoint answering %d: the names decide, as before", async (code) => {
    const api = declaringApi({ 7: code });
    bench = workbench(metadata, { baseUrl: "http://service.test", apiKey: KEY, fetch: api.fetch });
    const cell = bench.cell("QUERY", 7, "colour", "red", "start_time", SERIAL_2024_03_05);
    await waitFor(() => /^Not run/.test(errorOf(cell.latest ?? errorPlaceholder).message ?? ""), "the cell's message");
    expect(errorOf(cell.latest).message).toMatch(
      /^Not run with these inputs yet \(colour=red, start_time=2024-03-05\)/,
    );
    // Kept for the session: another cell asks nothing.
    bench.cell("QUERY", 7, "start_time", 1);
    await settle();
    expect(api.asked).toEqual([7]);
  });
});

const errorPlaceholder = { code: "", message: "" };
