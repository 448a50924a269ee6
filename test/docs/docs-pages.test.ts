import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/**
 * The documentation by reader holds together: every page in docs/ is linked from the README, starts by saying who it
 * is for, and every relative link in the README and the docs reaches a file that exists and, with a #fragment, a
 * heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens).
 */
const root = join(__dirname, "..", "..");
const pages = readdirSync(join(root, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`);
const readme = readFileSync(join(root, "README.md"), "utf8");

function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

function linksOf(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

test.each(pages)("%s is linked from the README", (page) => {
  expect(linksOf(readme).map((l) => l.split("#")[0])).toContain(page);
});

test.each(pages)("%s starts by saying who it is for", (page) => {
  const text = readFileSync(join(root, page), "utf8");
  const firstParagraph = text.split("\n\n")[1] ?? "";
  expect(firstParagraph).toMatch(/^For /);
});

test.each(["README.md", ...pages])("every relative link in %s resolves, fragment included", (file) => {
  const text = readFileSync(join(root, file), "utf8");
  const broken: string[] = [];
  for (const link of linksOf(text)) {
    const [path, fragment] = link.split("#") as [string, string | undefined];
    const target = path === "" ? file : normalize(join(dirname(file), path));
    if (!existsSync(join(root, target))) {
      broken.push(`${link} (no ${target})`);
      continue;
    }
    if (fragment && target.endsWith(".md") && !anchorsOf(readFileSync(join(root, target), "utf8")).has(fragment))
      broken.push(`${link} (no heading #${fragment} in ${target})`);
  }
  expect(broken).toEqual([]);
});
