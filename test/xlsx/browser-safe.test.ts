import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** The playground bundles src/xlsx for the browser: only src/xlsx/file may use Node's modules. */
const ROOT = join(__dirname, "..", "..", "src", "xlsx");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

test("no file of src/xlsx outside src/xlsx/file imports a Node module", () => {
  const offenders = files(ROOT)
    .filter((f) => !relative(ROOT, f).startsWith("file"))
    .filter((f) =>
      /from\s+"node:|require\("node:|from\s+"(fs|path|os|crypto|zlib|stream|buffer)"/.test(readFileSync(f, "utf8")),
    )
    .map((f) => relative(ROOT, f));
  expect(offenders).toEqual([]);
});
