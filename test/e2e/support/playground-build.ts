import { resolve } from "node:path";
import { runWebpack } from "../../../scripts/serve/build";
import { cachedBuild } from "../../support/cached-build";

const ROOT = resolve(__dirname, "..", "..", "..");

/**
 * The playground built once per source state and shared by every e2e test file (and jest worker). Its inputs are
 * everything the bundle is built from (the service is not part of it). Returns the folder holding playground.html.
 */
export function playgroundBuild(): Promise<string> {
  return cachedBuild({
    name: "playground",
    inputs: ["src", "webpack.config.js", "webpack.playground.js", "manifest.xml", "package-lock.json", "tsconfig.json"],
    exclude: ["src/service"],
    build: (outDir) =>
      runWebpack({ root: ROOT, configs: ["webpack.playground.js"], env: { PLAYGROUND_OUTPUT_DIR: outDir } }),
  });
}
