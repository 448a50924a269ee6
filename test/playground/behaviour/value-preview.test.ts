import { BehaviourSettings } from "../../../src/playground/behaviour/excel-behaviour";
import {
  FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
  type FunctionsMetadata,
} from "../../../src/playground/custom-functions";
import { FunctionCatalog } from "../../../src/playground/function-cells/function-catalog";
import { ValuePreview } from "../../../src/playground/function-cells/value-preview";
import { createWorkbook } from "../../../src/playground/workbook";

const metadata: FunctionsMetadata = {
  functions: [
    { id: "TICKS", name: "TICKS", parameters: [{ name: "label" }], result: {}, options: { stream: true } },
    { id: "GRID", name: "GRID", parameters: [{ name: "rows" }], result: { dimensionality: "matrix" } },
  ],
};
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(valuePreview: boolean, previewFlag: "boolean" | "string" = "boolean") {
  const settings = new BehaviourSettings({ valuePreview, previewFlag });
  const runtime = new FakeCustomFunctionsRuntime(metadata);
  const events: string[] = [];
  runtime.associate("TICKS", (label: string, inv: FakeStreamingInvocation<unknown>) => {
    events.push(`call ${label} preview=${String(inv.isInValuePreview)}`);
    inv.onCanceled = () => events.push(`cancel ${label}`);
    inv.setResult(`${label}!`);
  });
  runtime.associate("GRID", async (rows: number, inv: FakeStreamingInvocation<unknown>) => {
    events.push(`grid ${rows} preview=${String(inv.isInValuePreview)}`);
    inv.onCanceled = () => events.push(`cancel grid ${rows}`);
    return Array.from({ length: rows }, (_, r) => [r, r]);
  });
  const wb = createWorkbook();
  const preview = new ValuePreview(runtime, new FunctionCatalog(metadata, "SERVICE"), wb, () => settings.current);
  const shown: string[] = [];
  const type = (text: string) => preview.update({ text, sheet: "Sheet1", row: 0, column: 0 }, (v) => shown.push(v));
  return { preview, events, shown, type, wb };
}

test("off (Excel on the web, the default): typing a formula runs nothing", () => {
  const { type, events } = setup(false);
  expect(type('=SERVICE.TICKS("a")')).toBe(false);
  expect(events).toEqual([]);
});

test("on: a complete call runs once with isInValuePreview true; typing on cancels it; the end of editing cancels", async () => {
  const { type, events, shown, preview, wb } = setup(true);
  expect(type('=SERVICE.TICKS("a"')).toBe(false); // not a complete call yet
  expect(type('=SERVICE.TICKS("a")')).toBe(true);
  expect(type('=SERVICE.TICKS("a")')).toBe(true); // the same call: not run again
  expect(events).toEqual(["call a preview=true"]);
  expect(shown).toEqual(["a!"]);
  expect(preview.started[0].isInValuePreview).toBe(true);
  type('=SERVICE.TICKS("a")+'); // no longer a call of ours
  expect(events).toEqual(["call a preview=true", "cancel a"]);
  type('=SERVICE.TICKS("b")');
  preview.end(); // Enter, Tab, Escape, or leaving the editor
  expect(events).toEqual(["call a preview=true", "cancel a", "call b preview=true", "cancel b"]);
  // A preview writes nothing into the sheet.
  expect(wb.inspect.usedAddress("Sheet1")).toBeNull();
  type("=SERVICE.GRID(3)");
  await flush();
  expect(shown[shown.length - 1]).toBe("0 … (3×2)");
  preview.end();
  expect(events.slice(-2)).toEqual(["grid 3 preview=true", "cancel grid 3"]);
});

test('previewFlag "string": isInValuePreview is "true", as the typings declare it', () => {
  const { type, events } = setup(true, "string");
  type('=SERVICE.TICKS("a")');
  expect(events).toEqual(["call a preview=true"]);
  const { type: type2, preview } = setup(true, "string");
  type2('=SERVICE.TICKS("z")');
  expect(preview.started[0].isInValuePreview).toBe("true");
});
