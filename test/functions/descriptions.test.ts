import { generatedMetadata } from "./support/harness";

/** What Excel shows of each function (functions.json, made from functions.ts) must say what the function does. */
describe("the functions' descriptions (Excel's tooltips)", () => {
  it("QUERY's says when it runs by itself (run=on_change), not that it never does", async () => {
    const query = (await generatedMetadata()).functions.find((f) => f.id === "QUERY");
    expect(query?.description).toMatch(/run=on_change/);
    expect(query?.description).not.toMatch(/never runs/i);
  });
});
