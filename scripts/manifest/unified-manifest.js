// @ts-check
/**
 * The unified manifest (Microsoft 365 app manifest, JSON) derived from manifest.xml, so the add-in is described once.
 * `office-addin-manifest-converter` was the other way: its 0.4 release writes manifest version 1.17 and drops custom
 * functions (it maps only XLL equivalents), so it cannot describe this add-in. This derivation covers exactly what
 * manifest.xml declares: the one shared runtime (page and functions script, lifetime long), the custom functions'
 * namespace and metadata, the ribbon group on the Data tab with the pane button and Refresh All, the get-started
 * message, requirement sets, permissions and the API's domain. Anything else in manifest.xml is an error here, so a
 * new XML feature cannot silently go missing from the JSON.
 *
 * Custom functions are declared by `customFunctions: { namespace, metadataUrl }` inside the runtime, pointing at the
 * same functions.json the XML manifest names. Microsoft's pages disagree on the form: "Manually create JSON metadata
 * for custom functions" (24 Jul 2026) says "In the unified manifest, use the `customFunctions.metadataUrl`
 * property" (its example puts `customFunctions` directly under `extensions[]`, where the schema has no such
 * property); "Convert an add-in to use the unified manifest" (12 Aug 2026) has the functions copied inline from the
 * metadata file under `extensions.runtimes.customFunctions`, with the "optional metadataUrl" added to future-proof it.
 * We follow the schema (`customFunctions` exists only on a runtime), Microsoft's shared-runtime sample
 * (Office-Add-in-samples, excel-shared-runtime-scenario: namespace and metadataUrl in the runtime, no inline
 * functions) and the custom-functions pages: one description of the functions, the file the XML manifest reads, with
 * nothing dropped (an inline copy cannot carry a result's `type`, and would be a second list to keep in step).
 */
const { allElements, child, parseXml } = require("./xml-tree.js");

/**
 * The oldest unified-manifest version whose schema declares everything written here, for the widest client support:
 * `customFunctions` on a runtime arrived in 1.23, its `metadataUrl` in 1.24 (@microsoft/app-manifest's schemas).
 */
const UNIFIED_MANIFEST_VERSION = "1.24";
const SCHEMA_URL = `https://developer.microsoft.com/json-schemas/teams/v${UNIFIED_MANIFEST_VERSION}/MicrosoftTeams.schema.json`;
/** Icons inside the app package, relative to manifest.json (the build copies assets/ beside it). */
const COLOR_ICON = "assets/icon-192.png";
const OUTLINE_ICON = "assets/icon-outline-32.png";
const ACCENT_COLOR = "#0F6CBD";

/** XML manifest permission → the unified manifest's resource-specific permission. */
const PERMISSIONS = {
  Restricted: "Document.Restricted.User",
  ReadDocument: "Document.Read.User",
  ReadWriteDocument: "Document.ReadWrite.User",
  ReadAllDocument: "Document.Read.User",
  WriteDocument: "Document.Write.User",
};

/** XML built-in tab ids are the unified manifest's `builtInTabId`s; hosts map to scopes. */
const SCOPES = { Workbook: "workbook", Document: "document", Presentation: "presentation", Mailbox: "mail" };

/**
 * @param {string} xml the manifest as built (URLs already pointed at the deployment)
 * @param {string} functionsJson the custom functions' metadata (functions.json, written from the functions' JSDoc),
 *   checked against the rules the unified manifest enforces; the manifest points at it by URL
 * @returns {Record<string, unknown>} the unified manifest
 */
function unifiedManifest(xml, functionsJson) {
  const app = parseXml(xml);
  const overrides = child(app, "VersionOverrides");
  const resources = child(overrides, "Resources");
  const host = child(child(overrides, "Hosts"), "Host");
  const resource = resolver(resources);
  const scope = SCOPES[/** @type {keyof typeof SCOPES} */ (host.attributes["xsi:type"])];
  if (!scope) throw new Error(`unsupported host ${host.attributes["xsi:type"]}`);

  const runtime = only(child(host, "Runtimes").children, "Runtime");
  const runtimeId = runtime.attributes.resid ?? "";
  const sharedPage = resource.url(runtimeId);
  const functionsPoint = allElements(host).find(
    (e) => e.name === "ExtensionPoint" && e.attributes["xsi:type"] === "CustomFunctions",
  );
  const desktop = child(host, "DesktopFormFactor");
  const ribbonPoint = only(
    desktop.children.filter((e) => e.name === "ExtensionPoint"),
    "ExtensionPoint",
  );
  if (ribbonPoint.attributes["xsi:type"] !== "PrimaryCommandSurface") {
    throw new Error(`unsupported extension point ${ribbonPoint.attributes["xsi:type"]}`);
  }
  const pagesOnRuntime = allElements(host)
    .filter((e) => e.name === "SourceLocation" || e.name === "FunctionFile")
    .filter((e) => e.attributes.resid !== undefined && resource.isUrl(e.attributes.resid))
    .map((e) => /** @type {string} */ (e.attributes.resid))
    .filter((resid) => resid !== runtimeId && !isFunctionsResource(functionsPoint, resid));
  if (pagesOnRuntime.length) {
    throw new Error(
      `pages outside the shared runtime (${pagesOnRuntime.join(", ")}): the unified manifest needs a runtime each`,
    );
  }

  /** @type {Array<Record<string, unknown>>} */
  const actions = [];
  const tabs = [ribbonTab(child(ribbonPoint, "OfficeTab"), resource, actions)];
  const description = textOf(app, "Description");
  const getStarted = child(desktop, "GetStarted");
  const requirementSets = child(child(app, "Requirements"), "Sets").children.map((set) => ({
    name: set.attributes.Name,
    minVersion: set.attributes.MinVersion,
  }));
  const supportUrl = attr(child(app, "SupportUrl"), "DefaultValue");

  /** @type {Record<string, unknown>} */
  const customFunctions = functionsPoint
    ? {
        namespace: {
          id: resource.string(attr(child(functionsPoint, "Namespace"), "resid")),
          name: resource.string(attr(child(functionsPoint, "Namespace"), "resid")),
        },
        metadataUrl: metadataUrl(functionsPoint, resource, functionsJson),
      }
    : {};
  return {
    $schema: SCHEMA_URL,
    manifestVersion: UNIFIED_MANIFEST_VERSION,
    version: semver(child(app, "Version").text),
    id: child(app, "Id").text,
    developer: {
      name: child(app, "ProviderName").text.slice(0, 32),
      websiteUrl: supportUrl,
      privacyUrl: supportUrl,
      termsOfUseUrl: supportUrl,
    },
    name: { short: textOf(app, "DisplayName"), full: textOf(app, "DisplayName") },
    description: { short: shortDescription(description), full: description },
    icons: { color: COLOR_ICON, outline: OUTLINE_ICON },
    accentColor: ACCENT_COLOR,
    localizationInfo: { defaultLanguageTag: child(app, "DefaultLocale").text },
    validDomains: child(app, "AppDomains").children.map((d) => new URL(d.text).host),
    authorization: {
      permissions: {
        resourceSpecific: [
          {
            name: PERMISSIONS[/** @type {keyof typeof PERMISSIONS} */ (child(app, "Permissions").text)],
            type: "Delegated",
          },
        ],
      },
    },
    extensions: [
      {
        requirements: { scopes: [scope], capabilities: requirementSets },
        runtimes: [
          {
            id: runtimeId,
            type: "general",
            code: {
              page: sharedPage,
              ...(functionsPoint
                ? { script: resource.url(attr(child(child(functionsPoint, "Script"), "SourceLocation"), "resid")) }
                : {}),
            },
            lifetime: runtime.attributes.lifetime === "long" ? "long" : "short",
            actions,
            ...(functionsPoint ? { customFunctions } : {}),
          },
        ],
        ribbons: [{ contexts: ["default"], tabs }],
        getStartedMessages: [
          {
            title: resource.string(attr(child(getStarted, "Title"), "resid")),
            description: resource.string(attr(child(getStarted, "Description"), "resid")),
            learnMoreUrl: resource.url(attr(child(getStarted, "LearnMoreUrl"), "resid")),
          },
        ],
      },
    ],
  };
}

/**
 * @typedef {{ id?: unknown, name?: unknown, result?: unknown }} FunctionMetadata
 */

/**
 * The URL of functions.json, from the XML's <Metadata>, once the file passes the rules the unified manifest
 * enforces ("Convert an add-in to use the unified manifest": "all function names and function ids must have at least
 * 3 characters … each function object must have a `result` property"), which Office did not always enforce for the
 * XML manifest: a file breaking them fails the build rather than the install.
 * @param {import("./xml-tree.js").XmlElement} point the CustomFunctions extension point
 * @param {ReturnType<typeof resolver>} resource
 * @param {string} functionsJson
 */
function metadataUrl(point, resource, functionsJson) {
  const { functions } = /** @type {{ functions?: FunctionMetadata[] }} */ (JSON.parse(functionsJson));
  if (!Array.isArray(functions) || functions.length === 0) throw new Error("functions.json declares no function");
  for (const fn of functions) {
    for (const field of /** @type {const} */ (["id", "name"])) {
      const value = fn[field];
      if (typeof value !== "string" || value.length < 3) {
        throw new Error(`functions.json: ${field} "${String(value)}" is shorter than the 3 characters required`);
      }
    }
    if (!fn.result || typeof fn.result !== "object") throw new Error(`functions.json: ${String(fn.id)} has no result`);
  }
  return resource.url(attr(child(child(point, "Metadata"), "SourceLocation"), "resid"));
}

/**
 * @param {import("./xml-tree.js").XmlElement} tab
 * @param {ReturnType<typeof resolver>} resource
 * @param {Array<Record<string, unknown>>} actions collects the runtime actions the buttons call
 */
function ribbonTab(tab, resource, actions) {
  const groups = tab.children
    .filter((g) => g.name === "Group")
    .map((group) => ({
      id: group.attributes.id,
      label: resource.string(attr(child(group, "Label"), "resid")),
      icons: icons(child(group, "Icon"), resource),
      controls: group.children
        .filter((c) => c.name === "Control")
        .map((control) => {
          const label = resource.string(attr(child(control, "Label"), "resid"));
          const supertip = child(control, "Supertip");
          return {
            id: control.attributes.id,
            type: "button",
            label,
            icons: icons(child(control, "Icon"), resource),
            supertip: {
              title: resource.string(attr(child(supertip, "Title"), "resid")),
              description: resource.string(attr(child(supertip, "Description"), "resid")),
            },
            actionId: action(child(control, "Action"), control.attributes.id ?? "", label, actions),
          };
        }),
    }));
  return { builtInTabId: tab.attributes.id, groups };
}

/**
 * The runtime action a button's <Action> becomes; returns its id.
 * @param {import("./xml-tree.js").XmlElement} xmlAction
 * @param {string} controlId the button's id, which names an action that opens the pane
 * @param {string} label
 * @param {Array<Record<string, unknown>>} actions
 */
function action(xmlAction, controlId, label, actions) {
  const type = xmlAction.attributes["xsi:type"];
  if (type === "ExecuteFunction") {
    const id = child(xmlAction, "FunctionName").text;
    actions.push({ id, type: "executeFunction", displayName: label });
    return id;
  }
  if (type === "ShowTaskpane") {
    // Microsoft's shared-runtime article ("Good practice: avoid multiple task panes", 30 Jul 2026): in the
    // long-lifetime runtime no action has a `view`, and in XML no <Action> has a <TaskpaneId>; a shared runtime serves
    // one task pane (office-js#4339 shows the second one that appears otherwise).
    if (xmlAction.children.some((c) => c.name === "TaskpaneId")) {
      throw new Error("a <TaskpaneId> on the pane's <Action>: the shared runtime serves one task pane, give it none");
    }
    const id = controlId;
    actions.push({ id, type: "openPage", displayName: label });
    return id;
  }
  throw new Error(`unsupported action ${type}`);
}

/**
 * @param {import("./xml-tree.js").XmlElement} icon
 * @param {ReturnType<typeof resolver>} resource
 */
function icons(icon, resource) {
  return icon.children.map((image) => ({
    size: Number(image.attributes.size),
    url: resource.image(attr(image, "resid")),
  }));
}

/**
 * Look-ups of the <Resources> section by resid.
 * @param {import("./xml-tree.js").XmlElement} resources
 */
function resolver(resources) {
  /** @param {string} section */
  const table = (section) => {
    const found = resources.children.find((c) => c.name === section);
    return new Map((found?.children ?? []).map((e) => [e.attributes.id, attr(e, "DefaultValue")]));
  };
  const [images, urls] = [table("bt:Images"), table("bt:Urls")];
  const strings = new Map([...table("bt:ShortStrings"), ...table("bt:LongStrings")]);
  /** @param {Map<string | undefined, string>} map @param {string} kind */
  const get = (map, kind) => (/** @type {string} */ resid) => {
    const value = map.get(resid);
    if (value === undefined) throw new Error(`no ${kind} resource "${resid}"`);
    return value;
  };
  return {
    image: get(images, "image"),
    url: get(urls, "URL"),
    string: get(strings, "string"),
    isUrl: (/** @type {string} */ resid) => urls.has(resid),
  };
}

/**
 * @param {import("./xml-tree.js").XmlElement | undefined} point
 * @param {string} resid
 */
function isFunctionsResource(point, resid) {
  return !!point && allElements(point).some((e) => e.name === "SourceLocation" && e.attributes.resid === resid);
}

/** @param {import("./xml-tree.js").XmlElement[]} list @param {string} name */
function only(list, name) {
  if (list.length !== 1) throw new Error(`expected exactly one <${name}>, found ${list.length}`);
  return /** @type {import("./xml-tree.js").XmlElement} */ (list[0]);
}

/** @param {import("./xml-tree.js").XmlElement} element @param {string} name */
function attr(element, name) {
  const value = element.attributes[name];
  if (value === undefined) throw new Error(`<${element.name}> has no ${name}`);
  return value;
}

/** @param {import("./xml-tree.js").XmlElement} app @param {string} name */
function textOf(app, name) {
  return attr(child(app, name), "DefaultValue");
}

/** "1.0.0.0" → "1.0.0": the unified manifest's version is semver. */
function semver(/** @type {string} */ version) {
  const [major = "1", minor = "0", patch = "0"] = version.split(".");
  return `${Number(major)}.${Number(minor)}.${Number(patch)}`;
}

/** The first clause of the description, within the 80 characters the schema allows. */
function shortDescription(/** @type {string} */ full) {
  const clause = full.split(/[:.]/)[0]?.trim() ?? full;
  return clause.length <= 80 ? clause : `${clause.slice(0, 79)}…`;
}

module.exports = { unifiedManifest, UNIFIED_MANIFEST_VERSION };
