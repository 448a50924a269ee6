import { InvalidArgumentError } from "../errors/local-errors";
import { segment } from "../validate";
import { DATASET_CATALOG, type DatasetEntry } from "./datasets";
import type { RefreshSchedule } from "./schedule";

const CATALOG: readonly DatasetEntry[] = DATASET_CATALOG;

/** The catalog entry for a name or alias, case-insensitively (names mostly come from what someone typed in a cell). */
export function datasetEntry(name: string): DatasetEntry | undefined {
  const key = String(name).trim().toLowerCase();
  return CATALOG.find((d) => d.name === key || d.aliases.includes(key));
}

function usage(entry: DatasetEntry): string {
  return [entry.name, ...entry.args.map((a) => `<${a.name}>`)].join(" ");
}

/**
 * The path of a curated dataset, or an InvalidArgumentError listing what is allowed. Names and arguments are matched
 * case-insensitively.
 */
export function datasetPath(name: string, args: readonly string[] = []): string {
  const entry = datasetEntry(name);
  if (entry === undefined) {
    const aliases = CATALOG.flatMap((d) => d.aliases);
    throw new InvalidArgumentError(
      `Unknown dataset "${name}"; allowed: ${CATALOG.map(usage).join(", ")} (aliases: ${aliases.join(", ")})`,
    );
  }
  if (args.length !== entry.args.length) {
    const names = entry.args.map((a) => a.name).join(", ");
    throw new InvalidArgumentError(
      `Dataset "${entry.name}" takes ${entry.args.length} argument${entry.args.length === 1 ? "" : "s"}${names ? ` (${names})` : ""}; got ${args.length}. Usage: ${usage(entry)}`,
    );
  }
  let path = entry.path;
  args.forEach((raw, i) => {
    const { name: argName, allowed } = entry.args[i]!;
    const value = String(raw).trim().toLowerCase();
    if (!allowed.includes(value)) {
      throw new InvalidArgumentError(
        `Unknown ${argName} "${raw}" for dataset "${entry.name}"; allowed: ${allowed.join(", ")}`,
      );
    }
    path = path.replace(`{${argName}}`, segment(value, argName));
  });
  return path;
}

/** The refresh schedule of the dataset a request path belongs to (none for executions and queries). */
export function scheduleForPath(path: string): RefreshSchedule | undefined {
  return CATALOG.find((d) => pathPattern(d.path).test(path))?.schedule;
}

/** `/v1/dex/pairs/{chain}` → a pattern matching `/v1/dex/pairs/<one segment>`. */
function pathPattern(template: string): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^${template
      .split(/\{[a-z]+\}/)
      .map(literal)
      .join("[^/]+")}$`,
  );
}
