import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The manifest's help link opens assets/help.html (copied into dist/ with docs/ beside it, webpack.config.js): each
 * of its links must reach a page the build copies.
 */
const root = join(__dirname, "../..");
const help = readFileSync(join(root, "assets", "help.html"), "utf8");
const links = [...help.matchAll(/<a\s+href="([^"]+)"/g)].map((m) => m[1]!);

describe("the help page", () => {
  it("links to the docs pages by reader", () => {
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link).toMatch(/^docs\/[a-z-]+\.md$/);
  });

  it.each(links)("%s exists in docs/ (the build copies it beside the page)", (link) => {
    expect(existsSync(join(root, link))).toBe(true);
  });
});
