import { addinSettings, openWorkbook, WorkbookEdit } from "../../src/xlsx";
import { ADDIN_ID, reportWorkbook } from "./support/report-fixture";

describe("an add-in's document settings", () => {
  test("are read as JSON values by the add-in's id; a value that is not JSON is named, not guessed", () => {
    const book = openWorkbook(
      reportWorkbook({
        webExtension: {
          referenceId: ADDIN_ID,
          properties: { "service.tableBindings": '{"version":1,"bindings":[]}', legacy: "not json" },
        },
      }),
    );
    const settings = addinSettings(book, ADDIN_ID.toUpperCase())!;
    expect(settings.part).toBe("xl/webextensions/webextension1.xml");
    expect(settings.values.get("service.tableBindings")).toEqual({ version: 1, bindings: [] });
    expect(settings.unreadable).toEqual(["legacy"]);
    expect(addinSettings(book, "another-add-in")).toBeNull();
  });

  test("written back as JSON text read the same", () => {
    const book = openWorkbook(reportWorkbook());
    const { part } = addinSettings(book, ADDIN_ID)!;
    const edit = new WorkbookEdit(book);
    const value = {
      version: 1,
      refreshedAt: "2026-02-01T06:00:00.000Z",
      runs: [{ query_id: 1001, execution_id: "01J0000000000000000000000" }],
    };
    edit.setWebExtensionProperty(part, "service.rememberedRuns", JSON.stringify(value));
    const again = addinSettings(openWorkbook(edit.toBytes().bytes), ADDIN_ID)!;
    expect(again.values.get("service.rememberedRuns")).toEqual(value);
    expect(again.values.get("Office.AutoShowTaskpaneWithDocument")).toBe(true);
  });
});
