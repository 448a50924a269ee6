/** Command-line options of `npm run bench` (`npx tsx bench/run.ts [--quick] [--reps N] [--only a,b]`). */

export const SECTION_IDS = ["pull", "formulas", "writer", "service", "bundle"] as const;
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

const USAGE = `Usage: npm run bench -- [--quick] [--reps N] [--only ${SECTION_IDS.join(",")}] [--out FILE]
  --quick      one repetition and short load runs (about a minute); figures are rougher
  --reps N     repetitions of each full-pull method and of the writer (default 3)
  --only LIST  run only these sections
  --out FILE   write the report here instead of bench/RESULTS.md`;

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { reps: 3, loadSeconds: 4, quick: false, sections: [...SECTION_IDS] };
  let repsGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case "--quick":
        options.quick = true;
        break;
      case "--reps": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 50) throw new Error(`--reps must be a whole number 1..50\n${USAGE}`);
        options.reps = n;
        repsGiven = true;
        break;
      }
      case "--only": {
        const wanted = value().split(",").map((s) => s.trim());
        const unknown = wanted.filter((s) => !(SECTION_IDS as readonly string[]).includes(s));
        if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(", ")}\n${USAGE}`);
        options.sections = wanted as SectionId[];
        break;
      }
      case "--out":
        options.out = value();
        break;
      case "--help":
      case "-h":
        throw new Error(USAGE);
      default:
        throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
    }
  }
  if (options.quick) {
    if (!repsGiven) options.reps = 1;
    options.loadSeconds = 2;
  }
  return options;
}
