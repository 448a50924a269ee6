import { CommandLineError } from "../cli";
import { systemClock } from "../clock";
import { COMMAND, FLAGS, KEY_VARIABLE, parseCommandOptions } from "./command-options";
import { EXIT_CODES } from "./exit-codes";
import { formatReport } from "./format-report";
import { refreshWorkbook, type RefreshDeps } from "./refresh";

export interface CommandIo {
  /** The report (stdout). */
  out: (text: string) => void;
  /** Progress and errors (stderr), so `--json` output stays clean. */
  error: (text: string) => void;
}

function help(): string {
  const rows = Object.entries(FLAGS).map(([name, f]) => {
    const left = `--${name}${"value" in f ? ` ${f.value}` : ""}`;
    const env = "env" in f ? ` (or ${f.env})` : "";
    return `  ${left.padEnd(30)} ${f.help}${env}`;
  });
  return [
    `Usage: ${COMMAND} [flags]`,
    `Brings a workbook's SERVICE cells and bound tables up to date without Excel. The key is read from ${KEY_VARIABLE}.`,
    ...rows,
    `Exit codes: ${Object.entries(EXIT_CODES)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}.`,
  ].join("\n");
}

/** `npm run refresh -- report.xlsx [flags]`: the refresh, its report, and the exit code for a scheduler. */
export async function runRefreshCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CommandIo,
  deps: Partial<RefreshDeps> = {},
): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(help());
    return EXIT_CODES.fresh;
  }
  let options;
  try {
    options = parseCommandOptions(argv, env, (deps.now ?? Date.now)());
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    io.error(`${error.message.split("\nUsage:")[0]}\n\n${help()}`);
    return EXIT_CODES.usage;
  }
  const report = await refreshWorkbook(options, {
    now: deps.now ?? (() => systemClock.now()),
    log: deps.log ?? ((line) => io.error(line)),
    ...(deps.clientClock ? { clientClock: deps.clientClock } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.spillLimitBytes !== undefined ? { spillLimitBytes: deps.spillLimitBytes } : {}),
    ...(deps.fileSystem ? { fileSystem: deps.fileSystem } : {}),
  });
  // --json: one object on one line, as log collectors (journald, a container's log driver) take a record.
  io.out(options.json ? JSON.stringify(report) : formatReport(report));
  return report.exitCode;
}
