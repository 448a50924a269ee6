import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DATASET_CATALOG, scheduleText } from "../../src/client";
import { GENERATED, generatedFiles, withBlock } from "../../scripts/docs-tables";

const root = join(__dirname, "..", "..");

describe("the docs' dataset tables, written from the catalog", () => {
  it.each([...generatedFiles(root)])("%s is as npm run docs:tables writes it", (file, expected) => {
    expect(readFileSync(join(root, file), "utf8")).toBe(expected);
  });

  it.each(Object.entries(GENERATED))("%s has a row for every dataset, with its schedule", (_name, block) => {
    const text = block.lines().join("\n");
    for (const dataset of DATASET_CATALOG) {
      const line = text
        .split("\n")
        .find((l) => l.includes(`\`${dataset.path}\``) || l.startsWith(`| \`${dataset.name}\``));
      expect(line).toContain(scheduleText(dataset.schedule));
    }
  });

  it("replaces a block's lines and keeps the text around it", () => {
    const block = ["| a |", "|---|"];
    const doc = [
      "# Title",
      "<!-- generated: x (npm run docs:tables) -->",
      "| old |",
      "<!-- end generated: x -->",
      "after",
    ];
    expect(withBlock(doc.join("\n"), "x", block)).toBe(
      ["# Title", "<!-- generated: x (npm run docs:tables) -->", ...block, "<!-- end generated: x -->", "after"].join(
        "\n",
      ),
    );
  });

  it.each([
    ["no block", "# Title\n"],
    ["no end", "<!-- generated: x (npm run docs:tables) -->\n| a |\n"],
    [
      "two blocks",
      "<!-- generated: x (npm run docs:tables) -->\n<!-- end generated: x -->\n<!-- generated: x (npm run docs:tables) -->\n",
    ],
  ])("refuses a file with %s", (_name, markdown) => {
    expect(() => withBlock(markdown, "x", [])).toThrow(/expected one block/);
  });
});
