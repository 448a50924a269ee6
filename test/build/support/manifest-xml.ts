/** The build's XML reader (fast-xml-parser underneath), typed for the tests. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const reader = require("../../../scripts/manifest/xml-tree.js") as {
  parseXml(source: string): XmlElement;
  child(parent: XmlElement, name: string): XmlElement;
  allElements(root: XmlElement): XmlElement[];
};

export const { parseXml, child, allElements } = reader;

/** The unified manifest derived from manifest.xml and functions.json, as the build writes it. */
export const { unifiedManifest, UNIFIED_MANIFEST_VERSION } =
  require("../../../scripts/manifest/unified-manifest.js") as {
    unifiedManifest(xml: string, functionsJson: string): UnifiedManifest;
    UNIFIED_MANIFEST_VERSION: string;
  };

export interface UnifiedRuntime {
  id: string;
  lifetime: string;
  code: { page: string; script?: string };
  actions: { id: string; type: string; view?: string }[];
  customFunctions?: {
    namespace: { id: string; name: string };
    metadataUrl?: string;
  };
}

export interface UnifiedManifest {
  manifestVersion: string;
  id: string;
  validDomains: string[];
  icons: { color: string; outline: string };
  extensions: {
    requirements: { scopes: string[]; capabilities: { name: string; minVersion?: string }[] };
    runtimes: UnifiedRuntime[];
    ribbons: { tabs: { builtInTabId?: string; groups: { controls: { id: string; actionId: string }[] }[] }[] }[];
    getStartedMessages: { title: string; description: string; learnMoreUrl: string }[];
  }[];
}
