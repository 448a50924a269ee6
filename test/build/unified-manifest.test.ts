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

  it("the validator catches what Office would refuse (a wrong lifetime, an over-long description, a missing id)", () => {
    const broken = JSON.parse(JSON.stringify(manifest)) as Omit<UnifiedManifest, "id"> & { id?: string };
    broken.extensions[0]!.runtimes[0]!.lifetime = "forever";
    const fn = broken.extensions[0]!.runtimes[0]!.customFunctions!.functions[0]! as { description?: string };
    fn.description = "x".repeat(129);
    delete broken.id;
    const errors = validateUnifiedManifest(broken).join("\n");
    expect(errors).toMatch(/lifetime must be equal to one of the allowed values/);
    expect(errors).toMatch(/description must NOT have more than 128 characters/);
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

  it("the same custom functions as functions.json, in the SERVICE namespace, streaming", () => {
    const fromMetadata = (JSON.parse(functionsJson) as { functions: { id: string }[] }).functions.map((f) => f.id);
    const cf = runtime().customFunctions!;
    expect(cf.namespace).toEqual({ id: "SERVICE", name: "SERVICE" });
    expect(cf.functions.map((f) => f.id)).toEqual(fromMetadata);
    for (const fn of cf.functions) expect(fn.stream).toBe(true);
  });

  it("every option of functions.json carried over, so SERVICE.QUERY gets its cell's address there too", () => {
    const metadata = (JSON.parse(functionsJson) as { functions: { id: string; options?: Record<string, boolean> }[] })
      .functions;
    const functions = runtime().customFunctions!.functions as unknown as Record<string, unknown>[];
    for (const { id, options = {} } of metadata) {
      const fn = functions.find((f) => f.id === id)!;
      for (const [flag, on] of Object.entries(options)) if (on) expect([id, flag, fn[flag]]).toEqual([id, flag, true]);
    }
    expect(functions.find((f) => f.id === "QUERY")).toMatchObject({ stream: true, requiresStreamAddress: true });
  });

  it("the ribbon on the Data tab: the pane button opens the shared page, Refresh All runs refreshAll", () => {
    const [tab] = manifest.extensions[0]!.ribbons[0]!.tabs;
    expect(tab!.builtInTabId).toBe("TabData");
    const controls = tab!.groups.flatMap((g) => g.controls);
    const actions = new Map(runtime().actions.map((a) => [a.id, a]));
    expect(controls.map((c) => actions.get(c.actionId)?.type)).toEqual(["openPage", "executeFunction"]);
    expect(actions.get("refreshAll")).toMatchObject({ type: "executeFunction" });
  });

  it("requires the workbook, SharedRuntime 1.1 and CustomFunctionsRuntime 1.1, as the XML does", () => {
    expect(manifest.extensions[0]!.requirements).toEqual({
      scopes: ["workbook"],
      capabilities: [
        { name: "SharedRuntime", minVersion: "1.1" },
        { name: "CustomFunctionsRuntime", minVersion: "1.1" },
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
      '<TaskpaneId>Service.Taskpane</TaskpaneId>\n                    <SourceLocation resid="Shared.Url"/>',
      '<TaskpaneId>Service.Taskpane</TaskpaneId>\n                    <SourceLocation resid="GetStarted.LearnMoreUrl"/>',
    );
    expect(secondPage).not.toBe(xml);
    expect(() => unifiedManifest(secondPage, functionsJson)).toThrow(/outside the shared runtime/);
  });
});
