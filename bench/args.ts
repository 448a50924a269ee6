/** Command-line options of `npm run bench` (`npx tsx bench/run.ts [--quick] [--reps N] [--only a,b]`). */
import { CommandLineError, parseFlags, wholeNumber, type FlagSpec } from "../src/cli";

export const SECTION_IDS = [
  "pull",
  "formulas",
  "writer",
  "service",
  "bundle",
  "relay",
  "playground",
  "playground-file",
  "credits",
  "refresh",
  "uploads",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export interface BenchOptions {
  /** Repetitions of each full-pull method (alternating), and of the writer. */
  reps: number;
  /** Seconds per autocannon run. */
  loadSeconds: number;
  quick: boolean;
  sections: SectionId[];
  /** Where the report goes; default bench/RESULTS.md. */
  out?: string;
}

const FLAGS = {
  quick: { help: "one repetition and short load runs (about a minute); figures are rougher" },
  reps: { value: "N", help: "repetitions of each full-pull method and of the writer (default 3)" },
  only: { value: "LIST", help: `run only these sections (${SECTION_IDS.join(",")})` },
  out: { value: "FILE", help: "write the report here instead of bench/RESULTS.md" },
} satisfies Record<string, FlagSpec>;

export function parseArgs(argv: readonly string[]): BenchOptions {
  const values = parseFlags("npm run bench -- [flags]", FLAGS, argv);
  const options: BenchOptions = { reps: 3, loadSeconds: 4, quick: values.quick === true, sections: [...SECTION_IDS] };
  if (values.reps !== undefined) options.reps = wholeNumber("reps", values.reps, 50, 1);
  if (values.only !== undefined) {
    const wanted = values.only.split(",").map((s) => s.trim());
    const unknown = wanted.filter((s) => !(SECTION_IDS as readonly string[]).includes(s));
    if (unknown.length) {
      throw new CommandLineError(`unknown section(s) ${unknown.join(", ")}; sections: ${SECTION_IDS.join(", ")}`);
    }
    options.sections = wanted as SectionId[];
  }
  if (values.out !== undefined) options.out = values.out;
  if (options.quick) {
    if (values.reps === undefined) options.reps = 1;
    options.loadSeconds = 2;
  }
  return options;
}
