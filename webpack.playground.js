/**
 * The playground build (src/playground): the add-in's own bundles, built by webpack.config.js exactly as for
 * Excel (same entries, loaders, DefinePlugin, functions.json), plus the `playground` entry, which installs the
 * emulated Office host and then loads those bundles. Output: dist-playground/playground.html (PLAYGROUND_OUTPUT_DIR
 * overrides; the e2e tests build into a temporary folder).
 *
 * Only the page differs from the add-in's taskpane.html: no office.js (the emulation replaces it), and the add-in
 * bundles are loaded by the playground after its host is installed instead of by <script> tags.
 */
const path = require("node:path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const webpack = require("webpack");
const addinConfig = require("./webpack.config.js");

const ADDIN_ENTRIES = ["functions", "commands", "taskpane"];

function playgroundPage({ htmlWebpackPlugin }) {
  const files = htmlWebpackPlugin.files.js;
  const host = files.findIndex((f) => /(^|\/)playground\.js$/.test(f));
  const before = files.slice(0, host + 1);
  const after = files.slice(host + 1);
  const scripts = before.map((f) => `    <script defer src="${f}"></script>`).join("\n");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Excel playground - Service add-in</title>
    <link rel="icon" href="assets/icon-32.png" />
    <!-- Service address and demo key, written by the playground server (scripts/start.ts); optional. -->
    <script src="playground-config.js"></script>
${scripts}
    <script type="application/json" id="pg-addin-scripts">${JSON.stringify(after)}</script>
  </head>
  <body>
    <p style="font-family: Segoe UI, sans-serif; margin: 24px">Loading the playground…</p>
  </body>
</html>
`;
}

/**
 * File → Open's and Download's conversions run in a worker (src/playground/page/file-worker.ts). A separate entry,
 * emitted as a script of its own that the page starts by this name (PLAYGROUND_FILE_WORKER): webpack's
 * `new Worker(new URL("./x.ts", import.meta.url))` would need `import.meta`, which tsconfig's CommonJS (for jest and
 * Node) does not allow. The entry has its runtime inside it and shares no chunk with the page's bundles, since a
 * worker loads one script and cannot take the page's <script> tags.
 */
const FILE_WORKER = "file-worker";

module.exports = async (env = {}, argv = {}) => {
  const base = await addinConfig(env, argv);
  const shared = base.optimization.splitChunks.cacheGroups.shared;
  const outputDir = path.resolve(process.env.PLAYGROUND_OUTPUT_DIR || path.join(__dirname, "dist-playground"));
  return {
    ...base,
    entry: {
      ...base.entry,
      playground: path.resolve(__dirname, "src", "playground", "page", "main.ts"),
      [FILE_WORKER]: { import: path.resolve(__dirname, "src", "playground", "page", "file-worker.ts"), runtime: false },
    },
    output: { ...base.output, path: outputDir },
    optimization: {
      ...base.optimization,
      splitChunks: {
        cacheGroups: { shared: { ...shared, chunks: (chunk) => chunk.canBeInitial() && chunk.name !== FILE_WORKER } },
      },
    },
    // The add-in's page, office.js tag and copied manifest are for Excel; the playground has its own page.
    plugins: [
      new webpack.DefinePlugin({ PLAYGROUND_FILE_WORKER: JSON.stringify(`${FILE_WORKER}.js`) }),
      ...base.plugins.filter((p) => !(p instanceof HtmlWebpackPlugin) && p.constructor.name !== "OfficeJsScriptPlugin"),
      new HtmlWebpackPlugin({
        filename: "playground.html",
        chunks: ["playground", ...ADDIN_ENTRIES.filter((e) => e in base.entry)],
        chunksSortMode: "manual",
        inject: false,
        templateContent: playgroundPage,
        officeJs: false,
      }),
    ],
    cache: {
      type: "filesystem",
      cacheDirectory: path.resolve(__dirname, "node_modules", ".cache", "webpack-playground"),
      buildDependencies: { config: [__filename, require.resolve("./webpack.config.js")] },
    },
    devServer: undefined,
  };
};
