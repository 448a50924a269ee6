import type { SavedQuery } from "../../src/client";
import type { QueryDeclaration } from "../../src/functions";
import { QueryFormController, fieldsOf, formParameters } from "../../src/taskpane/logic/query-form";

/** Query 1001 as the service declares it: the four types, defaults as text (dates with a time of day). */
const Q1001: SavedQuery = {
  query_id: 1001,
  name: "Token price history",
  description: "Daily prices",
  is_private: false,
  is_archived: false,
  tags: [],
  parameters: [
    { key: "symbol", type: "text", wireType: "text", value: "WETH" },
    { key: "days", type: "number", wireType: "number", value: "30" },
    { key: "since", type: "date", wireType: "datetime", value: "2024-01-01 00:00:00" },
    { key: "interval", type: "enum", wireType: "enum", value: "day", enumOptions: ["day", "week", "month"] },
  ],
};

const Q1002: SavedQuery = { ...Q1001, query_id: 1002, name: "500 DEX trades", parameters: [] };
const Q7: SavedQuery = {
  ...Q1001,
  query_id: 7,
  name: "Window",
  parameters: [{ key: "day", type: "date", wireType: "date", value: "2024-03-05" }],
};

describe("the form's fields from a query's declaration", () => {
  it("one field per declared parameter, its default filled in; a date's time of day only when the default has one", () => {
    expect(fieldsOf(Q1001)).toEqual([
      { key: "symbol", type: "text", value: "WETH", defaultValue: "WETH" },
      { key: "days", type: "number", value: "30", defaultValue: "30" },
      { key: "since", type: "date", value: "2024-01-01", time: "00:00:00", defaultValue: "2024-01-01 00:00:00" },
      { key: "interval", type: "enum", value: "day", options: ["day", "week", "month"], defaultValue: "day" },
    ]);
    expect(fieldsOf(Q7)[0]).toEqual({ key: "day", type: "date", value: "2024-03-05", defaultValue: "2024-03-05" });
  });

  it("a run's own values fill the fields (History's Run again)", () => {
    const fields = fieldsOf(Q1001, { symbol: "WBTC", days: 7, since: "2024-02-01 12:30:00", interval: "week" });
    expect(fields.map((f) => [f.value, f.time])).toEqual([
      ["WBTC", undefined],
      ["7", undefined],
      ["2024-02-01", "12:30:00"],
      ["week", undefined],
    ]);
  });

  it("the defaults as query_parameters: numbers as numbers, dates with their time; nothing differs from the defaults", () => {
    expect(formParameters(fieldsOf(Q1001))).toEqual({
      ok: true,
      parameters: { symbol: "WETH", days: 30, since: "2024-01-01 00:00:00", interval: "day" },
      changed: {},
    });
  });

  it("what differs from the defaults is told apart (a cell giving just those means the same run)", () => {
    const fields = fieldsOf(Q1001).map((f) =>
      f.key === "days" ? { ...f, value: "14" } : f.key === "since" ? { ...f, time: "06:00" } : f,
    );
    expect(formParameters(fields)).toMatchObject({
      ok: true,
      parameters: { days: 14, since: "2024-01-01 06:00:00" },
      changed: { days: 14, since: "2024-01-01 06:00:00" },
    });
  });

  it.each([
    ["days", { value: "" }, "Enter a number for days."],
    ["days", { value: "ten" }, "Enter a number for days."],
    ["since", { value: "" }, "Choose a date for since."],
    ["since", { time: "6 o'clock" }, "Enter a time of day for since (HH:MM:SS)."],
    ["interval", { value: "year" }, "Choose one of day, week, month for interval."],
  ])("%s set to %j: %s", (key, patch, message) => {
    const fields = fieldsOf(Q1001).map((f) => (f.key === key ? { ...f, ...patch } : f));
    expect(formParameters(fields)).toEqual({ ok: false, key, message });
  });
});

describe("the Query tab's form controller", () => {
  function controller(answers: Record<number, QueryDeclaration | Promise<QueryDeclaration>>) {
    const asked: number[] = [];
    const form = new QueryFormController(async (id) => {
      asked.push(id);
      return answers[id] ?? { known: false, lacking: true, reason: "Query not found" };
    });
    return { form, asked };
  }

  it("a query id shows the query's name and its form; switching ids starts from the new query's own defaults", async () => {
    const { form } = controller({ 1001: { known: true, query: Q1001 }, 1002: { known: true, query: Q1002 } });
    await form.load(1001);
    form.set("symbol", { value: "PEPE" });
    expect(form.parameters()).toMatchObject({ ok: true, parameters: { symbol: "PEPE" } });
    await form.load(1002);
    expect(form.store.state).toMatchObject({ phase: "form", queryId: 1002, name: "500 DEX trades", fields: [] });
    expect(form.parameters()).toEqual({ ok: true, parameters: {}, changed: {} });
    await form.load(1001);
    expect(form.parameters()).toMatchObject({ parameters: { symbol: "WETH" } });
  });

  it("an answer for an id no longer asked for is dropped", async () => {
    let release: (d: QueryDeclaration) => void = () => undefined;
    const slow = new Promise<QueryDeclaration>((resolve) => (release = resolve));
    const { form } = controller({ 1001: slow, 1002: { known: true, query: Q1002 } });
    const first = form.load(1001);
    await form.load(1002);
    release({ known: true, query: Q1001 });
    await first;
    expect(form.store.state).toMatchObject({ phase: "form", queryId: 1002 });
  });

  it.each<[QueryDeclaration, RegExp]>([
    [
      { known: false, lacking: true, reason: "Not allowed: paid plans only." },
      /^The service does not describe query 5 to this key \(Not allowed: paid plans only\): give its parameters by name\.$/,
    ],
    [
      { known: false, lacking: false, reason: "Cannot reach the service" },
      /^Query 5's parameters could not be read \(Cannot reach the service\): give them by name, or enter the id again\.$/,
    ],
  ])("no description (%j): the free-form editor, with a line saying why", async (declared, note) => {
    const { form } = controller({ 5: declared });
    await form.load(5);
    expect(form.store.state).toMatchObject({ phase: "free", queryId: 5, note: expect.stringMatching(note) });
    expect(form.parameters()).toBeUndefined();
  });

  it("a run's parameters the query no longer declares are left out, and said so", async () => {
    const { form } = controller({ 1001: { known: true, query: Q1001 } });
    await form.load(1001, { symbol: "UNI", colour: "red" });
    expect(form.store.state).toMatchObject({
      phase: "form",
      note: "Left out (not parameters of this query any more): colour.",
    });
    expect(form.parameters()).toMatchObject({ parameters: { symbol: "UNI" }, changed: { symbol: "UNI" } });
  });
});
