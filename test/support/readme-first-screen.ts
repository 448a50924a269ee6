/**
 * The README's first screen, as a newcomer reads it: the first fenced block holds the commands (`npm install &&
 * npm start`, then `npm test`), and the section "First three things to type" opens with a fenced block whose first
 * line is the first formula to type in the playground. What it says is read, never assumed: a README of another
 * shape is an error naming what is missing.
 */
export interface FirstScreen {
  /** The first block's commands, one per line, comments dropped. */
  commands: string[];
  /** The first line of the first block under "First three things to type". */
  firstFormula: string;
}

export const FIRST_THINGS_HEADING = "First three things to type";

interface Fence {
  lang: string;
  lines: string[];
  /** Line index of the opening fence. */
  at: number;
}

function fences(lines: readonly string[]): Fence[] {
  const found: Fence[] = [];
  let open: Fence | undefined;
  let marker = "";
  lines.forEach((line, i) => {
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (open) {
      if (fence && fence[2]!.startsWith(marker) && line.trim() === fence[2]) {
        found.push(open);
        open = undefined;
      } else open.lines.push(line);
    } else if (fence) {
      marker = fence[2]!;
      open = { lang: fence[3] ?? "", lines: [], at: i };
    }
  });
  return found;
}

/** A shell line without its trailing comment (` # ...`), trimmed. */
function command(line: string): string {
  return line.replace(/(^|\s)#.*$/, "").trim();
}

export function parseFirstScreen(markdown: string): FirstScreen {
  const lines = markdown.split(/\r?\n/);
  const blocks = fences(lines);
  const first = blocks[0];
  if (!first) throw new Error("README: no fenced block (the commands to type come first)");
  if (!["sh", "bash", "shell"].includes(first.lang))
    throw new Error(`README: the first fenced block is "${first.lang || "plain"}", not a shell block of commands`);
  const commands = first.lines.map(command).filter((c) => c !== "");
  const heading = lines.findIndex((l) => new RegExp(`^##\\s+${FIRST_THINGS_HEADING}\\s*$`).test(l.trim()));
  if (heading < 0) throw new Error(`README: no section "## ${FIRST_THINGS_HEADING}"`);
  const nextSection = lines.findIndex((l, i) => i > heading && /^##\s/.test(l));
  const block = blocks.find((b) => b.at > heading && (nextSection < 0 || b.at < nextSection));
  if (!block) throw new Error(`README: the section "${FIRST_THINGS_HEADING}" has no fenced block`);
  const firstFormula = block.lines.find((l) => l.trim() !== "")?.trim() ?? "";
  if (!firstFormula.startsWith("="))
    throw new Error(
      `README: the first line of "${FIRST_THINGS_HEADING}" is not a formula: ${JSON.stringify(firstFormula)}`,
    );
  return { commands, firstFormula };
}
