import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { validateUnifiedManifest } from "./support/app-manifest-schema";
import { UNIFIED_MANIFEST_VERSION, allElements, child, parseXml, unifiedManifest } from "./support/manifest-xml";
import type { UnifiedManifest } from "./support/manifest-xml";

/**
 * The unified manifest (JSON) derived from manifest.xml and the functions' metadata, checked offline against the
 * schema of its declared version from @microsoft/app-manifest, and against the XML it comes from: the same shared
 * runtime, functions, pane, ribbon command and Refresh All.
 */
const root = join(__dirname, "../..");
const xml = readFileSync(join(root, "manifest.xml"), "utf8");
let functionsJson = "";
let manifest: UnifiedManifest;

beforeAll(async () => {
  const generated = await generateCustomFunctionsMetadata(join(root, "src/functions/functions.ts"));
  expect(generated.errors).toEqual([]);
  functionsJson = generated.metadataJson;
  manifest = unifiedManifest(xml, functionsJson);
}, 60_000);

const runtime = () => manifest.extensions[0]!.runtimes[0]!;

describe("manifest.json, derived from manifest.xml", () => {
  it(`declares manifest version ${UNIFIED_MANIFEST_VERSION} and is valid against that version's schema`, () => {
    expect(manifest.manifestVersion).toBe(UNIFIED_MANIFEST_VERSION);
    expect(validateUnifiedManifest(manifest)).toEqual([]);
  });

  it("the validator catches what Office would refuse (a wrong lifetime, an over-long namespace, a missing id)", () => {
    const broken = JSON.parse(JSON.stringify(manifest)) as Omit<UnifiedManifest, "id"> & { id?: string };
    broken.extensions[0]!.runtimes[0]!.lifetime = "forever";
    broken.extensions[0]!.runtimes[0]!.customFunctions!.namespace.id = "x".repeat(33);
    delete broken.id;
    const errors = validateUnifiedManifest(broken).join("\n");
    expect(errors).toMatch(/lifetime must be equal to one of the allowed values/);
    expect(errors).toMatch(/namespace\/id must NOT have more than 32 characters/);
    expect(errors).toMatch(/must have required property 'id'/);
  });

  it("an unknown manifest version is an error, not a pass", () => {
    expect(validateUnifiedManifest({ ...manifest, manifestVersion: "0.9" })).toEqual([
      "no schema for manifestVersion 0.9 in @microsoft/app-manifest",
    ]);
  });

  it("one long-lived shared runtime: the XML's runtime resid, the shared page, and the functions script", () => {
    const app = parseXml(xml);
    const urls = new Map(
      allElements(app)
        .filter((e) => e.name === "bt:Url")
        .map((e) => [e.attributes.id!, e.attributes.DefaultValue!]),
    );
    const resid = allElements(app).find((e) => e.name === "Runtime")!.attributes.resid!;
    expect(manifest.extensions[0]!.runtimes).toHaveLength(1);
    expect(runtime()).toMatchObject({
      id: resid,
      lifetime: "long",
      code: { page: urls.get(resid), script: urls.get("Functions.Script.Url") },
    });
    expect(child(app, "Id").text).toBe(manifest.id);
  });

  it("custom functions as the custom-functions pages say: the SERVICE namespace and the metadata file's URL", () => {
    const urls = new Map(
      allElements(parseXml(xml))
        .filter((e) => e.name === "bt:Url")
        .map((e) => [e.attributes.id!, e.attributes.DefaultValue!]),
    );
    // The same functions.json the XML manifest's <Metadata> names: one description, nothing dropped in a copy.
    expect(runtime().customFunctions).toEqual({
      namespace: { id: "SERVICE", name: "SERVICE" },
      metadataUrl: urls.get("Functions.Metadata.Url"),
    });
    expect(manifest.extensions[0]).not.toHaveProperty("customFunctions");
  });

  it("the schema decides where customFunctions goes: on the runtime, not on the extension as one page shows", () => {
    const moved = JSON.parse(JSON.stringify(manifest)) as UnifiedManifest & {
      extensions: (UnifiedManifest["extensions"][number] & { customFunctions?: unknown })[];
    };
    moved.extensions[0]!.customFunctions = moved.extensions[0]!.runtimes[0]!.customFunctions;
    delete moved.extensions[0]!.runtimes[0]!.customFunctions;
    expect(validateUnifiedManifest(moved).join("\n")).toMatch(/must NOT have additional properties.*customFunctions/);
  });

  it(`metadataUrl needs manifest version 1.24 or later: ${UNIFIED_MANIFEST_VERSION} is the oldest that takes it`, () => {
    const older = { ...manifest, manifestVersion: "1.23" };
    expect(validateUnifiedManifest(older).join("\n")).toMatch(/must have required property 'functions'/);
  });

  it("functions.json is held to the rules the unified manifest enforces (names and ids of 3+ characters, a result)", () => {
    const metadata = JSON.parse(functionsJson) as { functions: Record<string, unknown>[] };
    const shortId = { functions: [{ ...metadata.functions[0], id: "DS" }] };
    expect(() => unifiedManifest(xml, JSON.stringify(shortId))).toThrow(/id "DS" is shorter than the 3 characters/);
    const noResult = { functions: [{ ...metadata.functions[0], result: undefined }] };
    expect(() => unifiedManifest(xml, JSON.stringify(noResult))).toThrow(/has no result/);
    expect(() => unifiedManifest(xml, JSON.stringify({ functions: [] }))).toThrow(/declares no function/);
  });

  it("one task pane: no action of the long-lifetime runtime has a view (the shared-runtime article, 30 Jul 2026)", () => {
    expect(runtime().lifetime).toBe("long");
    for (const action of runtime().actions) expect(action).not.toHaveProperty("view");
    const withPaneId = xml.replace(
      '<Action xsi:type="ShowTaskpane">',
      '<Action xsi:type="ShowTaskpane">\n                    <TaskpaneId>Second.Pane</TaskpaneId>',
    );
    expect(withPaneId).not.toBe(xml);
    expect(() => unifiedManifest(withPaneId, functionsJson)).toThrow(/shared runtime serves one task pane/);
  });

  it("the ribbon on the Data tab: the pane button opens the shared page, Refresh All runs refreshAll", () => {
    const [tab] = manifest.extensions[0]!.ribbons[0]!.tabs;
    expect(tab!.builtInTabId).toBe("TabData");
    const controls = tab!.groups.flatMap((g) => g.controls);
    const actions = new Map(runtime().actions.map((a) => [a.id, a]));
    expect(controls.map((c) => actions.get(c.actionId)?.type)).toEqual(["openPage", "executeFunction"]);
    expect(actions.get("refreshAll")).toMatchObject({ type: "executeFunction" });
  });

  it("requires the workbook and the XML's requirement sets", () => {
    expect(manifest.extensions[0]!.requirements).toEqual({
      scopes: ["workbook"],
      capabilities: [
        { name: "SharedRuntime", minVersion: "1.1" },
        { name: "CustomFunctionsRuntime", minVersion: "1.2" },
        { name: "ExcelApi", minVersion: "1.7" },
      ],
    });
  });

  it("icons in the package: a 192 px colour icon and a 32 px outline (white on transparent)", () => {
    const png = (file: string) => readFileSync(join(root, file));
    expect(png(manifest.icons.color).readUInt32BE(16)).toBe(192);
    const outline = png(manifest.icons.outline);
    expect(outline.readUInt32BE(16)).toBe(32);
    expect(outline[25]).toBe(6); // colour type RGBA: a transparent background is possible
  });

  it("an XML feature the derivation does not know fails loudly instead of going missing", () => {
    const withMacro = xml.replace('<Action xsi:type="ExecuteFunction">', '<Action xsi:type="ShowDialog">');
    expect(() => unifiedManifest(withMacro, functionsJson)).toThrow(/unsupported action ShowDialog/);
    const secondPage = xml.replace(
      '<Action xsi:type="ShowTaskpane">\n                    <SourceLocation resid="Shared.Url"/>',
      '<Action xsi:type="ShowTaskpane">\n                    <SourceLocation resid="GetStarted.LearnMoreUrl"/>',
    );
    expect(secondPage).not.toBe(xml);
    expect(() => unifiedManifest(secondPage, functionsJson)).toThrow(/outside the shared runtime/);
  });
});
