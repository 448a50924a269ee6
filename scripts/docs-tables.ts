/**
 * `npm run docs:tables`: the curated datasets' tables of docs/service.md and docs/functions.md, written from the one
 * dataset catalog (`src/client/catalog`) so the docs cannot drift from it. Each generated block sits between
 * `<!-- generated: NAME (npm run docs:tables) -->` and `<!-- end generated: NAME -->`; the text around it is written
 * by hand. test/scripts/docs-tables.test.ts fails when a block differs from what this script writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DATASET_CATALOG, scheduleText, type DatasetArg, type DatasetName } from "../src/client";

/** What the local service's demo data holds for each dataset (src/service/datasets): not a fact of the catalog. */
const DEMO_ROWS: Record<DatasetName, string> = {
  avs: "80",
  operators: "300",
  dex: "16,100 in all (5,000 on ethereum)",
  marketshare: "a year of days per project and version",
  channels: "400",
  users: "30,000",
};

/** One formula per dataset for the functions page: something a reader can paste. */
const EXAMPLES: Record<DatasetName, string> = {
  avs: '=SERVICE.DATASET("avs")',
  operators: '=SERVICE.DATASET("operators", "columns=operator_name,website")',
  dex: '=SERVICE.DATASET("dex", "ethereum")',
  marketshare: '=SERVICE.DATASET("marketshare", "nft", "solana")',
  channels: '=SERVICE.DATASET("channels", "limit=20")',
  users: '=SERVICE.DATASET("users", "sort_by=followers desc", "limit=10")',
};

const code = (text: string) => `\`${text}\``;

/** `text` as a list item of lines up to 120 characters, continued two spaces in (as the docs are written). */
function listItem(text: string): string[] {
  const lines: string[] = [];
  let line = "-";
  for (const word of text.split(" ")) {
    if (line.length + 1 + word.length > 120) {
      lines.push(line);
      line = " ";
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}
const row = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [row(header), row(header.map(() => "---")).replace(/ /g, ""), ...rows.map(row)];
}

/** "chain", or "market (`dex` or `nft`)" when the values are few enough to say in the cell. */
function argumentText(arg: DatasetArg): string {
  const name = arg.label.toLowerCase();
  return arg.allowed.length === 2 ? `${name} (${arg.allowed.map(code).join(" or ")})` : name;
}

/** docs/service.md, "Curated datasets (E6–E11)": the local service's endpoints. */
function serviceDatasets(): string[] {
  return table(
    ["Endpoint", "Query id", "Refreshed", "Rows (demo data)"],
    DATASET_CATALOG.map((d) => [code(d.path), String(d.queries.local), scheduleText(d.schedule), DEMO_ROWS[d.name]]),
  );
}

/** docs/functions.md, "SERVICE.DATASET": the names a cell uses, their arguments, and the chains each accepts. */
function functionDatasets(): string[] {
  const rows = DATASET_CATALOG.map((d) => [
    d.aliases.length > 0 ? `${code(d.name)} (also ${d.aliases.map(code).join(", ")})` : code(d.name),
    d.args.length > 0 ? d.args.map(argumentText).join(", ") : "none",
    scheduleText(d.schedule),
    code(EXAMPLES[d.name]),
  ]);
  const lists = DATASET_CATALOG.flatMap((d) =>
    d.args
      .filter((arg) => arg.allowed.length > 2)
      .flatMap((arg) => listItem(`**${d.name} ${arg.name}s**: ${arg.allowed.join(", ")}.`)),
  );
  return [...table(["Dataset", "Path arguments", "Refreshed", "Example"], rows), "", ...lists];
}

export const GENERATED: Record<string, { file: string; lines: () => string[] }> = {
  "service-datasets": { file: "docs/service.md", lines: serviceDatasets },
  "function-datasets": { file: "docs/functions.md", lines: functionDatasets },
};

const begin = (name: string) => `<!-- generated: ${name} (npm run docs:tables) -->`;
const end = (name: string) => `<!-- end generated: ${name} -->`;

/** `markdown` with the block `name` replaced by `lines`; throws when the file has no such block (or two). */
export function withBlock(markdown: string, name: string, lines: readonly string[]): string {
  const all = markdown.split("\n");
  const from = all.indexOf(begin(name));
  const to = all.indexOf(end(name));
  if (from < 0 || to < from || all.lastIndexOf(begin(name)) !== from) {
    throw new Error(`expected one block "${begin(name)}" … "${end(name)}"`);
  }
  return [...all.slice(0, from + 1), ...lines, ...all.slice(to)].join("\n");
}

/** Every file with its generated blocks written afresh, by path relative to `root`. */
export function generatedFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, { file, lines }] of Object.entries(GENERATED)) {
    const text = files.get(file) ?? readFileSync(join(root, file), "utf8");
    try {
      files.set(file, withBlock(text, name, lines()));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  return files;
}

if (require.main === module) {
  const root = join(__dirname, "..");
  for (const [file, text] of generatedFiles(root)) {
    if (readFileSync(join(root, file), "utf8") === text) continue;
    writeFileSync(join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
