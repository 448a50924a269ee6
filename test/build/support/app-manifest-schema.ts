import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";

/**
 * Validates a unified manifest offline against the JSON schema of the version it declares, as shipped in Microsoft's
 * npm package @microsoft/app-manifest (the schemas of every manifest version, under build/json-schemas/teams/).
 */
export function validateUnifiedManifest(manifest: { manifestVersion?: unknown }): string[] {
  const version = String(manifest.manifestVersion);
  const file = join(SCHEMAS, `v${version}`, "MicrosoftTeams.schema.json");
  if (!existsSync(file)) return [`no schema for manifestVersion ${version} in @microsoft/app-manifest`];
  const schema = JSON.parse(readFileSync(file, "utf8")) as { $schema?: string };
  // The older schemas are JSON Schema draft-04, the newer draft-07; each needs its own validator.
  const ajv = schema.$schema?.includes("draft-04")
    ? new AjvDraft04({ allErrors: true, strict: false })
    : new Ajv({ allErrors: true, strict: false });
  addFormats(ajv as unknown as Ajv);
  const validate = ajv.compile(schema);
  return validate(manifest) ? [] : (validate.errors ?? []).map(describe);
}

const SCHEMAS = join(dirname(require.resolve("@microsoft/app-manifest")), "json-schemas", "teams");

function describe(error: ErrorObject): string {
  return `${error.instancePath || "/"} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`;
}
