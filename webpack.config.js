/**
 * Build of the add-in: one shared-runtime page, taskpane.html, hosts the functions, commands and
 * taskpane bundles; custom-functions-metadata writes functions.json from the JSDoc of src/functions/functions.ts;
 * the manifest and icons are copied with their URLs pointed at ADDIN_BASE_URL, and manifest.json (the unified
 * manifest) is derived from that manifest.xml and functions.json.
 *
 * Environment:
 *   ADDIN_BASE_URL        where dist/ is served (default https://localhost:3000, the dev server)
 *   SERVICE_API_BASE_URL  the API the add-in talks to by default (default http://127.0.0.1:8787, the local service)
 *   OFFICE_JS_URL         office.js to load (default Microsoft's CDN; the store requires it in production)
 *   OUTPUT_DIR            output folder (default dist/; tests build into a temporary one)
 *   DEV_SERVER_PORT       dev server port (default 3000)
 */
const fs = require("node:fs");
const path = require("node:path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { unifiedManifest } = require("./scripts/manifest/unified-manifest.js");
const { ADDIN_CORS_HEADERS } = require("./scripts/serve/addin-cors.js");

const DEV_ADDIN_BASE_URL = "https://localhost:3000";
const DEV_SERVICE_API_BASE_URL = "http://127.0.0.1:8787";
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

const src = (...parts) => path.resolve(__dirname, "src", ...parts);

/** "https://host:3000/" → "https://host:3000": URLs in the manifest are joined with "/" + path. */
function baseUrl(value, fallback) {
  const text = (value && value.trim()) || fallback;
  const url = new URL(text);
  return url.toString().replace(/\/+$/, "");
}

/** The manifest as built: the dev URLs of the checked-in manifest.xml replaced by the configured ones. */
function rewriteManifest(content, addinBaseUrl, apiBaseUrl) {
  return content
    .toString()
    .split(DEV_ADDIN_BASE_URL)
    .join(addinBaseUrl)
    .split(`<AppDomain>${DEV_SERVICE_API_BASE_URL}</AppDomain>`)
    .join(`<AppDomain>${new URL(apiBaseUrl).origin}</AppDomain>`);
}

/**
 * Adds office.js ahead of the bundles in the page's <head> (bundles are deferred, so they run after it), unless
 * the template already loads it. The playground build replaces office.js with its emulation instead.
 */
class OfficeJsScriptPlugin {
  constructor(url) {
    this.url = url;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap("OfficeJsScriptPlugin", (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap("OfficeJsScriptPlugin", (data) => {
        if (data.plugin.userOptions.officeJs === false) return data;
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject("script", { type: "text/javascript", src: this.url }),
        );
        return data;
      });
    });
  }
}

/**
 * Writes manifest.json, the unified manifest, from the built manifest.xml and functions.json (the add-in is described
 * once, in manifest.xml and the functions' JSDoc). A manifest that cannot be derived fails the build.
 */
class UnifiedManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("UnifiedManifestPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "UnifiedManifestPlugin", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const xml = compilation.getAsset("manifest.xml");
          const functions = compilation.getAsset("functions.json");
          if (!xml || !functions) return; // the metadata plugin or the copy already reported why
          try {
            const json = unifiedManifest(xml.source.source().toString(), functions.source.source().toString());
            compilation.emitAsset("manifest.json", new webpack.sources.RawSource(`${JSON.stringify(json, null, 2)}\n`));
          } catch (error) {
            compilation.errors.push(new webpack.WebpackError(`manifest.json: ${error.message}`));
          }
        },
      );
    });
  }
}

module.exports = async (env = {}, argv = {}) => {
  const mode = argv.mode === "development" ? "development" : "production";
  const serving = Boolean(env.WEBPACK_SERVE);
  const addinBaseUrl = baseUrl(process.env.ADDIN_BASE_URL, DEV_ADDIN_BASE_URL);
  const apiBaseUrl = baseUrl(process.env.SERVICE_API_BASE_URL, DEV_SERVICE_API_BASE_URL);
  const officeJsUrl = process.env.OFFICE_JS_URL || OFFICE_JS_CDN;
  const outputDir = path.resolve(process.env.OUTPUT_DIR || path.join(__dirname, "dist"));
  const taskpaneTemplate = src("taskpane", "taskpane.html");
  const templateLoadsOfficeJs =
    fs.existsSync(taskpaneTemplate) &&
    /<script[^>]*\ssrc=["'][^"']*office(\.debug)?\.js["']/i.test(fs.readFileSync(taskpaneTemplate, "utf8"));

  const config = {
    mode,
    devtool: mode === "production" ? "source-map" : "eval-cheap-module-source-map",
    context: __dirname,
    entry: {
      functions: src("functions", "functions.ts"),
      commands: src("commands", "commands.ts"),
      taskpane: src("taskpane", "taskpane.ts"),
      // The playground build (webpack.playground.js) extends this config with its own page and entry.
    },
    output: {
      path: outputDir,
      // No content hash: the manifest names functions.js (the CustomFunctions <Script>) by a fixed URL.
      filename: "[name].js",
      clean: true,
    },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the build only transpiles, which keeps it fast.
          // ES modules for webpack (tsconfig's CommonJS is for Node and jest): an `import()` then stays a split point,
          // so the pane's SQL editor is a chunk of its own, loaded when the SQL tab is first shown.
          use: { loader: "ts-loader", options: { transpileOnly: true, compilerOptions: { module: "esnext" } } },
        },
      ],
    },
    optimization: {
      // One webpack runtime and one copy of the modules the bundles share (session, client, cache): on the shared
      // page they are loaded once and instantiated once, so pane, ribbon and cells see the same session and cache.
      runtimeChunk: "single",
      splitChunks: {
        cacheGroups: {
          shared: {
            name: "shared",
            chunks: "initial",
            minChunks: 2,
            minSize: 0,
            priority: 10,
            reuseExistingChunk: true,
          },
        },
      },
    },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({ SERVICE_API_BASE_URL: JSON.stringify(apiBaseUrl) }),
      new CustomFunctionsMetadataPlugin({ input: src("functions", "functions.ts"), output: "functions.json" }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: taskpaneTemplate,
        // The shared runtime: functions, ribbon commands and pane in one page (manifest resid Shared.Url).
        chunks: ["runtime", "functions", "commands", "taskpane"],
        chunksSortMode: "manual",
        scriptLoading: "defer",
        officeJs: !templateLoadsOfficeJs,
      }),
      new OfficeJsScriptPlugin(officeJsUrl),
      new UnifiedManifestPlugin(),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          // The manifest's help link (SupportUrl, LearnMoreUrl) and the docs pages it links to, served with dist/.
          { from: "assets/help.html", to: "help.html" },
          { from: "docs", to: "docs", globOptions: { ignore: ["**/incoming/**"] }, noErrorOnMissing: true },
          { from: "src/taskpane/*.css", to: "[name][ext]", noErrorOnMissing: true },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => rewriteManifest(content, addinBaseUrl, apiBaseUrl),
          },
        ],
      }),
    ],
  };

  if (serving) {
    const port = Number(process.env.DEV_SERVER_PORT || 3000);
    config.devServer = {
      port,
      static: { directory: outputDir },
      // Excel on the web reads functions.json from its own origin (scripts/serve/addin-cors.js says why).
      headers: { ...ADDIN_CORS_HEADERS },
      server: await devServerTransport(),
      hot: false,
    };
  }
  return config;
};

/** HTTPS with the Office dev certificate when it is installed (sideloading needs it); plain HTTP otherwise. */
async function devServerTransport() {
  try {
    const devCerts = require("office-addin-dev-certs");
    const options = await devCerts.getHttpsServerOptions();
    return { type: "https", options };
  } catch (error) {
    console.warn(
      `dev server: no Office dev certificate (${error.message}); serving plain HTTP (fine for the playground).`,
    );
    return { type: "http" };
  }
}

module.exports.rewriteManifest = rewriteManifest;
