import { TIER_CHOICES, tierCostText, tierCredits, tierLabel } from "../../src/service-cells";
import { ParameterRows, toQueryParameters } from "../../src/taskpane/logic/query-parameters";

const rows = (...pairs: [string, string][]) => pairs.map(([name, value], i) => ({ id: i + 1, name, value }));

test.each([
  [rows(), { ok: true, parameters: {} }],
  [rows(["symbol", "WETH"], [" days ", "7"]), { ok: true, parameters: { symbol: "WETH", days: "7" } }],
  [rows(["", ""], ["since", "2024-01-01"]), { ok: true, parameters: { since: "2024-01-01" } }],
  [rows(["note", ""]), { ok: true, parameters: { note: "" } }],
  [rows(["", "7"]), { ok: false, message: 'Give the parameter with value "7" a name.', rowId: 1 }],
  [rows(["a", "1"], ["a", "2"]), { ok: false, message: 'The parameter "a" is listed twice.', rowId: 2 }],
  [
    rows(["my param", "1"]),
    { ok: false, message: '"my param" is not a parameter name: use letters, digits and _.', rowId: 1 },
  ],
])("toQueryParameters %#", (input, expected) => {
  expect(toQueryParameters(input)).toEqual(expected);
});

test("rows are added, edited and removed with stable ids", () => {
  const editor = new ParameterRows();
  const a = editor.add("symbol", "WETH");
  const b = editor.add();
  editor.update(b.id, { name: "days", value: "3" });
  editor.remove(a.id);
  expect(editor.rows).toEqual([{ id: 2, name: "days", value: "3" }]);
  editor.add();
  expect(editor.rows.map((r) => r.id)).toEqual([2, 3]);
  editor.reset({ interval: "week" });
  expect(editor.rows).toEqual([{ id: 4, name: "interval", value: "week" }]);
});

test.each([
  ["auto", 10, "Auto (the service chooses) · estimated as medium, 10 credits", "an estimated 10 credits"],
  ["small", 0, "Small · 0 credits", "0 credits"],
  ["medium", 10, "Medium · 10 credits", "10 credits"],
  ["large", 20, "Large · 20 credits", "20 credits"],
] as const)("tier %s costs %d (the cost model's price)", (tier, credits, label, cost) => {
  expect(tierCredits(tier)).toBe(credits);
  expect(tierLabel(tier)).toBe(label);
  expect(tierCostText(tier)).toBe(cost);
});

test("the tier picker offers auto (the default), small, medium and large", () => {
  expect(TIER_CHOICES).toEqual(["auto", "small", "medium", "large"]);
});
