import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * The relay runs where the service does not (a small proxy in front of the real service): loading it must not load
 * the local service, nor DuckDB's native binding with it. A fresh Node process loads the relay's entry module and
 * lists every module it loaded.
 */
test("loading the relay loads neither the service nor @duckdb/node-api", async () => {
  const script = ['require("./src/relay");', "process.stdout.write(JSON.stringify(Object.keys(require.cache)));"].join(
    "\n",
  );
  const { stdout } = await promisify(execFile)(process.execPath, ["--require", "tsx/cjs", "-e", script], {
    cwd: `${__dirname}/../..`,
  });
  const loaded = JSON.parse(stdout) as string[];
  expect(loaded.some((path) => path.includes("/src/relay/"))).toBe(true); // the listing does see our modules
  expect(loaded.filter((path) => /@duckdb|\/src\/service\//.test(path))).toEqual([]);
});
