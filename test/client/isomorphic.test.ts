import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** src/client runs in browsers and the Office runtime too: only relative imports and papaparse. */
const ROOT = join(__dirname, "../../src/client");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const sources = files(ROOT).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));

describe("src/client is isomorphic", () => {
  it("has files to check", () => expect(sources.length).toBeGreaterThan(10));

  it.each(sources.map((s) => [s.path, s.text]))("%s imports only relative modules and papaparse", (_path, text) => {
    const specifiers = [
      ...text.matchAll(/\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g),
      ...text.matchAll(/\bimport\s*["']([^"']+)["']/g),
      ...text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
      ...text.matchAll(/\brequire\s*\(\s*["']([^"']+)["']\s*\)/g),
    ].map((m) => m[1]!);
    const foreign = specifiers.filter((s) => !s.startsWith("./") && !s.startsWith("../") && s !== "papaparse");
    expect(foreign).toEqual([]);
  });

  it.each(sources.map((s) => [s.path, s.text]))("%s uses no Node-only globals", (_path, text) => {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    expect(code).not.toMatch(/\b(process|Buffer|__dirname|__filename|setImmediate)\b|\brequire\s*\(/);
  });
});
