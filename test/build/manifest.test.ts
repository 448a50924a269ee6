import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type XmlElement, allElements, child, parseXml } from "./support/manifest-xml";

/**
 * Offline checks of manifest.xml (no network, no Office), read with fast-xml-parser: shape, schema order, resids,
 * strings and icons. (No npm package ships the XML manifest's XSDs, and `office-addin-manifest validate` is online.)
 */
const root = join(__dirname, "../..");
const source = readFileSync(join(root, "manifest.xml"), "utf8");
const { rewriteManifest } = require("../../webpack.config.js") as {
  rewriteManifest(content: string, addin: string, api: string): string;
};

const app = parseXml(source);
const overrides = child(app, "VersionOverrides");
const host = child(child(overrides, "Hosts"), "Host");
const resources = child(overrides, "Resources");
const elements = allElements(app);

/** Children in the schema's order (TaskPaneApp 1.1 and VersionOverrides 1.0); each may be absent, none may be out of order. */
const ORDER: [string, (e: XmlElement) => boolean, string[]][] = [
  [
    "OfficeApp",
    (e) => e === app,
    [
      "Id",
      "Version",
      "ProviderName",
      "DefaultLocale",
      "DisplayName",
      "Description",
      "IconUrl",
      "HighResolutionIconUrl",
      "SupportUrl",
      "AppDomains",
      "Hosts",
      "Requirements",
      "DefaultSettings",
      "Permissions",
      "VersionOverrides",
    ],
  ],
  ["VersionOverrides", (e) => e === overrides, ["Description", "Requirements", "Hosts", "Resources"]],
  ["Host (Workbook)", (e) => e === host, ["Runtimes", "AllFormFactors", "DesktopFormFactor"]],
  [
    "ExtensionPoint CustomFunctions",
    (e) => e.name === "ExtensionPoint" && e.attributes["xsi:type"] === "CustomFunctions",
    ["Script", "Page", "Metadata", "Namespace"],
  ],
  ["DesktopFormFactor", (e) => e.name === "DesktopFormFactor", ["GetStarted", "FunctionFile", "ExtensionPoint"]],
  ["GetStarted", (e) => e.name === "GetStarted", ["Title", "Description", "LearnMoreUrl"]],
  ["Group", (e) => e.name === "Group", ["Label", "Icon", "Control"]],
  ["Control", (e) => e.name === "Control", ["Label", "Supertip", "Icon", "Action"]],
  ["Resources", (e) => e === resources, ["bt:Images", "bt:Urls", "bt:ShortStrings", "bt:LongStrings"]],
];

describe("manifest.xml", () => {
  it("is well-formed XML with a TaskPaneApp root", () => {
    expect(app.name).toBe("OfficeApp");
    expect(app.attributes["xsi:type"]).toBe("TaskPaneApp");
    expect(overrides.attributes["xsi:type"]).toBe("VersionOverridesV1_0");
    expect(() => parseXml("<a><b></a>")).toThrow(/not well-formed XML: Expected closing tag 'b'/);
  });

  it.each(ORDER)("%s: children in the schema's order", (_name, match, order) => {
    const targets = elements.filter(match);
    expect(targets.length).toBeGreaterThan(0);
    for (const element of targets) {
      const positions = element.children.map((c) => order.indexOf(c.name));
      expect(positions).not.toContain(-1);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it("has a fixed GUID id", () => {
    expect(child(app, "Id").text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("one shared runtime: <Runtimes> first in the Workbook host, lifetime long, and its resid on the pane, Page and FunctionFile", () => {
    expect(host.attributes["xsi:type"]).toBe("Workbook");
    expect(host.children[0]!.name).toBe("Runtimes");
    const runtimes = child(host, "Runtimes").children;
    expect(runtimes).toHaveLength(1);
    expect(runtimes[0]!.attributes.lifetime).toBe("long");
    const resid = runtimes[0]!.attributes.resid!;
    const page = child(
      child(
        elements.find((e) => e.attributes["xsi:type"] === "CustomFunctions")!,
        "Page",
      ),
      "SourceLocation",
    );
    const functionFile = elements.find((e) => e.name === "FunctionFile")!;
    const paneAction = elements.find((e) => e.name === "Action" && e.attributes["xsi:type"] === "ShowTaskpane")!;
    expect([
      page.attributes.resid,
      functionFile.attributes.resid,
      child(paneAction, "SourceLocation").attributes.resid,
    ]).toEqual([resid, resid, resid]);
  });

  it("requires SharedRuntime 1.1, CustomFunctionsRuntime 1.2 and ExcelApi 1.7 (requirement-sets.test.ts says why)", () => {
    const sets = child(child(app, "Requirements"), "Sets").children.map((s) => [
      s.attributes.Name,
      s.attributes.MinVersion,
    ]);
    expect(sets).toEqual([
      ["SharedRuntime", "1.1"],
      ["CustomFunctionsRuntime", "1.2"],
      ["ExcelApi", "1.7"],
    ]);
  });

  it("one task pane: no <Action> in the long-lifetime runtime's host has a <TaskpaneId>", () => {
    // Microsoft's shared-runtime article (30 Jul 2026): "none of the descendant <Action> elements should have a
    // <TaskpaneID> child element"; office-js#4339 shows the second pane a shared runtime cannot serve.
    const actions = allElements(host).filter((e) => e.name === "Action");
    expect(actions.map((a) => a.attributes["xsi:type"])).toEqual(["ShowTaskpane", "ExecuteFunction"]);
    for (const action of actions) expect(action.children.map((c) => c.name)).not.toContain("TaskpaneId");
  });

  it("namespace SERVICE; Refresh All runs the function refreshAll, which the commands bundle associates", () => {
    const namespace = elements.find((e) => e.name === "Namespace")!.attributes.resid;
    const strings = elements.filter((e) => e.name === "bt:String");
    expect(strings.find((s) => s.attributes.id === namespace)!.attributes.DefaultValue).toBe("SERVICE");
    const execute = elements.find((e) => e.name === "Action" && e.attributes["xsi:type"] === "ExecuteFunction")!;
    expect(child(execute, "FunctionName").text).toBe("refreshAll");
    const commands = ["commands.ts", "refresh-command.ts"]
      .map((f) => {
        try {
          return readFileSync(join(root, "src/commands", f), "utf8");
        } catch {
          return "";
        }
      })
      .join("\n");
    expect(commands).toMatch(/Office\.actions\.associate\(\s*["']refreshAll["']|["']refreshAll["']/);
  });

  it("every resid is defined once, at most 32 characters; every defined resource is used", () => {
    const defined = elements
      .filter((e) => /^bt:(Image|Url|String)$/.test(e.name) && e.attributes.id !== undefined)
      .map((e) => e.attributes.id!);
    expect(new Set(defined).size).toBe(defined.length);
    const used = elements.map((e) => e.attributes.resid).filter((r): r is string => r !== undefined);
    for (const resid of used) {
      expect(defined).toContain(resid);
      expect(resid.length).toBeLessThanOrEqual(32);
    }
    for (const id of defined) expect(used).toContain(id);
  });

  it("short strings ≤ 125 characters, long strings ≤ 250", () => {
    for (const s of child(resources, "bt:ShortStrings").children)
      expect(s.attributes.DefaultValue!.length).toBeLessThanOrEqual(125);
    for (const s of child(resources, "bt:LongStrings").children)
      expect(s.attributes.DefaultValue!.length).toBeLessThanOrEqual(250);
  });

  it("icons: every image the manifest names is a PNG of the size it is used at", () => {
    const images = new Map(
      child(resources, "bt:Images").children.map((i) => [i.attributes.id!, i.attributes.DefaultValue!]),
    );
    const pngSize = (url: string): number => {
      const png = readFileSync(join(root, new URL(url).pathname));
      expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
      expect(png.readUInt32BE(16)).toBe(png.readUInt32BE(20));
      return png.readUInt32BE(16);
    };
    for (const use of elements.filter((e) => e.name === "bt:Image" && e.attributes.size)) {
      expect(pngSize(images.get(use.attributes.resid!)!)).toBe(Number(use.attributes.size));
    }
    expect(pngSize(child(app, "IconUrl").attributes.DefaultValue!)).toBe(32);
    expect(pngSize(child(app, "HighResolutionIconUrl").attributes.DefaultValue!)).toBe(64);
  });

  it("rewritten for deployment: every URL on the add-in's https origin, the API's origin as app domain", () => {
    const built = parseXml(rewriteManifest(source, "https://addin.example.com/v2", "https://api.example.com/base/"));
    const urls = allElements(built)
      .map((e) => e.attributes.DefaultValue)
      .filter((v): v is string => v !== undefined && /^https?:/.test(v));
    expect(urls.length).toBeGreaterThan(8);
    for (const url of urls) expect(url.startsWith("https://addin.example.com/v2/")).toBe(true);
    expect(child(child(built, "AppDomains"), "AppDomain").text).toBe("https://api.example.com");
  });
});
