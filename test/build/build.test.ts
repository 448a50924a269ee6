import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { startAddinServer } from "../../scripts/serve/addin-server";
import { cachedBuild } from "../support/cached-build";
import { validateUnifiedManifest } from "./support/app-manifest-schema";

/**
 * The real production build (`webpack --mode production`), with the deployment URLs set as they would be for a
 * release. Everything below reads its output. It is built once per source state and kept in the test build cache
 * (test/support/cached-build.ts): a build costs about 25 CPU seconds, and most runs do not change what it reads.
 */
const root = join(__dirname, "../..");
let out = "";
const ADDIN = "https://addin.example.com/excel";
const API = "https://api.example.com";

interface FunctionJson {
  id: string;
  name: string;
  options?: { stream?: boolean; volatile?: boolean; cancelable?: boolean };
  parameters: { name: string; type?: string; dimensionality?: string; optional?: boolean; repeating?: boolean }[];
  result: { type?: string; dimensionality?: string };
}

let functions: FunctionJson[] = [];
let manifest = "";
let unified: Record<string, unknown> = {};
let page = "";

beforeAll(async () => {
  // OFFICE_JS_URL empty: Microsoft's CDN, whatever the environment running the tests says.
  const env = { ADDIN_BASE_URL: `${ADDIN}/`, SERVICE_API_BASE_URL: API, OFFICE_JS_URL: "" };
  out = await cachedBuild({
    name: "production",
    // Everything webpack.config.js reads: the sources (all of src, so an import that reached into another module
    // could not go unseen), the page template and styles in src, the icons and help page, the docs pages it copies,
    // the manifest and the config's scripts.
    inputs: [
      "src",
      "assets",
      "docs",
      "manifest.xml",
      "webpack.config.js",
      "scripts/manifest",
      "scripts/serve/addin-cors.js",
      "package-lock.json",
      "tsconfig.json",
    ],
    exclude: ["docs/incoming"],
    key: JSON.stringify(env),
    build: async (outDir) => {
      await promisify(execFile)(process.execPath, [require.resolve("webpack-cli/bin/cli.js"), "--mode", "production"], {
        cwd: root,
        env: { ...process.env, ...env, OUTPUT_DIR: outDir },
        maxBuffer: 16 * 1024 * 1024,
      });
    },
  });
  functions = (JSON.parse(readFileSync(join(out, "functions.json"), "utf8")) as { functions: FunctionJson[] })
    .functions;
  manifest = readFileSync(join(out, "manifest.xml"), "utf8");
  unified = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as Record<string, unknown>;
  page = readFileSync(join(out, "taskpane.html"), "utf8");
}, 180_000);

describe("functions.json from the production build", () => {
  it("declares exactly DATASET, RESULTS, STATUS, QUERY and SOURCE", () => {
    expect(functions.map((f) => f.id)).toEqual(["DATASET", "RESULTS", "STATUS", "QUERY", "SOURCE"]);
    expect(functions.map((f) => f.name)).toEqual(["DATASET", "RESULTS", "STATUS", "QUERY", "SOURCE"]);
  });

  it.each([
    // The functions that show rows know their cell, so SERVICE.SOURCE can find the result a reference points into.
    ["DATASET", { stream: true, requiresStreamAddress: true }],
    ["RESULTS", { stream: true, requiresStreamAddress: true }],
    ["STATUS", { stream: true }],
    // QUERY's address also serves the Report (each cell listed) and run=on_change (an input change, not a new formula).
    ["QUERY", { stream: true, requiresStreamAddress: true }],
    // SOURCE is given its argument's address: a function receives the referenced cell's value, not where it is.
    ["SOURCE", { stream: true, requiresStreamParameterAddresses: true }],
  ])("%s streams (so refresh can push values) and is neither volatile nor cancelable", (id, options) => {
    const fn = functions.find((f) => f.id === id)!;
    expect(fn.options).toEqual(options);
  });

  it.each([
    [
      "DATASET",
      [
        { name: "dataset", type: "string" },
        { name: "args", type: "any", dimensionality: "matrix", optional: true, repeating: true },
      ],
      { dimensionality: "matrix" },
    ],
    [
      "RESULTS",
      [
        { name: "id", type: "any" },
        { name: "options", type: "any", dimensionality: "matrix", optional: true, repeating: true },
      ],
      { dimensionality: "matrix" },
    ],
    [
      "STATUS",
      [
        { name: "executionId", type: "string" },
        { name: "detail", type: "boolean", optional: true },
      ],
      { type: "string" },
    ],
    [
      "QUERY",
      [
        { name: "queryId", type: "any" },
        { name: "args", type: "any", dimensionality: "matrix", optional: true, repeating: true },
      ],
      { dimensionality: "matrix" },
    ],
  ] as const)("%s parameters and result", (id, parameters, result) => {
    const fn = functions.find((f) => f.id === id)!;
    expect(
      fn.parameters.map(
        ({ description: _d, ...p }: FunctionJson["parameters"][number] & { description?: string }) => p,
      ),
    ).toEqual(parameters);
    expect(fn.result).toEqual(result);
  });

  it("every function and parameter has a description a user sees in Excel's formula help", () => {
    for (const fn of functions as (FunctionJson & { description?: string })[]) {
      expect(fn.description?.length).toBeGreaterThan(10);
      for (const p of fn.parameters as { description?: string }[]) expect(p.description?.length).toBeGreaterThan(5);
    }
  });
});

describe("bundles and page", () => {
  it("the metadata plugin appended the associate calls to the functions bundle", () => {
    const code = ["functions.js", "shared.js"].map((f) => readFileSync(join(out, f), "utf8")).join("\n");
    for (const id of ["DATASET", "RESULTS", "STATUS", "QUERY", "SOURCE"]) {
      expect(code).toContain(`CustomFunctions.associate("${id}"`);
    }
  });

  it("the shared page loads office.js from Microsoft's CDN first, then the runtime and all three bundles", () => {
    const scripts = [...page.matchAll(/<script[^>]*src="?([^"\s>]+)/g)].map((m) => m[1]);
    expect(scripts[0]).toBe("https://appsforoffice.microsoft.com/lib/1/hosted/office.js");
    expect(scripts).toEqual(expect.arrayContaining(["runtime.js", "functions.js", "commands.js", "taskpane.js"]));
    expect(scripts.indexOf("runtime.js")).toBeLessThan(scripts.indexOf("functions.js"));
  });

  it("SERVICE_API_BASE_URL is compiled in", () => {
    const code = ["shared.js", "functions.js"]
      .filter((f) => existsSync(join(out, f)))
      .map((f) => readFileSync(join(out, f), "utf8"));
    expect(code.join("\n")).toContain(API);
  });

  it.each([16, 32, 64, 80, 192])("icon-%i.png is copied", (size) => {
    const png = readFileSync(join(out, "assets", `icon-${size}.png`));
    expect(png.readUInt32BE(16)).toBe(size);
    expect(png.readUInt32BE(20)).toBe(size);
  });
});

describe("the built manifest", () => {
  const urls = (): string[] => [...manifest.matchAll(/DefaultValue="(https?:[^"]+)"/g)].map((m) => m[1]!);

  it("points every add-in URL at ADDIN_BASE_URL over https", () => {
    const own = urls().filter((u) => !u.startsWith("https://go.microsoft.com"));
    expect(own.length).toBeGreaterThanOrEqual(9);
    for (const url of own) expect(url.startsWith(`${ADDIN}/`)).toBe(true);
    expect(manifest).not.toContain("localhost");
  });

  it("names the built files that exist", () => {
    for (const url of urls()) {
      const file = url.slice(ADDIN.length + 1).replace(/[?#].*$/, "");
      if (/\.(html|js|json|png)$/.test(file)) expect(existsSync(join(out, file))).toBe(true);
    }
  });

  it("every URL of ours is served from the built folder (the help link included), by the server npm start runs", async () => {
    const server = await startAddinServer({ root: out, port: 0 });
    try {
      const own = urls().filter((u) => u.startsWith(`${ADDIN}/`));
      expect(own).toContain(`${ADDIN}/help.html`);
      const answers = await Promise.all(
        own.map(async (u) => [u, (await fetch(`${server.url}/${u.slice(ADDIN.length + 1)}`)).status] as const),
      );
      expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("the help page is a page, with the first formula to type", () => {
    const help = readFileSync(join(out, "help.html"), "utf8");
    expect(help).toMatch(/<title>[^<]+<\/title>/);
    // The page as written (test/playground/ui/first-formulas.test.ts holds its formula to the playground's first);
    // the production build minifies it, so its attributes may lose their quotes.
    const formula = (page: string) => /class="?first-formula"?>([^<]+)</.exec(page)?.[1];
    expect(formula(help)).toBe(formula(readFileSync(join(root, "assets", "help.html"), "utf8")));
    expect(formula(help)).toMatch(/^=SERVICE\./);
  });

  it("lists the API's origin as an app domain", () => {
    expect(manifest).toContain(`<AppDomain>${API}</AppDomain>`);
    expect(manifest).not.toContain("127.0.0.1");
  });
});

describe("the built unified manifest (manifest.json)", () => {
  const text = (): string => JSON.stringify(unified);
  const urls = (): string[] => [...text().matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => m[1]!);

  it("is valid against the schema of its declared version, offline", () => {
    expect(validateUnifiedManifest(unified)).toEqual([]);
  });

  it("points every add-in URL at ADDIN_BASE_URL over https, and names built files that exist", () => {
    const own = urls().filter((u) => !u.includes("json-schemas"));
    expect(own.length).toBeGreaterThanOrEqual(9);
    for (const url of own) {
      expect(url.startsWith(`${ADDIN}/`)).toBe(true);
      const file = url.slice(ADDIN.length + 1).replace(/[?#].*$/, "");
      if (/\.(html|js|json|png)$/.test(file)) expect(existsSync(join(out, file))).toBe(true);
    }
    expect(text()).not.toContain("localhost");
  });

  it("lists the API's host as a valid domain, and its package icons are beside it", () => {
    expect(unified.validDomains).toEqual([new URL(API).host]);
    const icons = unified.icons as { color: string; outline: string };
    for (const icon of [icons.color, icons.outline]) expect(existsSync(join(out, icon))).toBe(true);
  });
});
