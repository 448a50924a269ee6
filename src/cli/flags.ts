import { parseArgs } from "node:util";

/** One command-line flag: its value's name in the usage text (none for a switch), its variable, its help. */
export interface FlagSpec {
  /** e.g. "N", "DIR", "URL"; absent for a switch such as --quick. */
  value?: string;
  /** The environment variable that stands for the flag when it is not given (flags win). */
  env?: string;
  help: string;
}

export type FlagValues<Spec extends Record<string, FlagSpec>> = {
  [Name in keyof Spec]?: Spec[Name]["value"] extends string ? string : boolean;
};

/** A usage or input error of a command line: its message is for the person who typed it. */
export class CommandLineError extends Error {
  override readonly name = "CommandLineError";
}

/** Usage text: the command, then one line per flag with its variable and help. */
export function usage(command: string, spec: Record<string, FlagSpec>): string {
  const rows = Object.entries(spec).map(([name, flag]) => ({
    left: `--${name}${flag.value ? ` ${flag.value}` : ""}`,
    env: flag.env ?? "",
    help: flag.help,
  }));
  const [left, env] = [Math.max(...rows.map((r) => r.left.length)), Math.max(...rows.map((r) => r.env.length))];
  const lines = rows.map((r) => `  ${r.left.padEnd(left)}  ${env ? `${r.env.padEnd(env)}  ` : ""}${r.help}`);
  const note = env ? "   (each flag also reads the environment variable shown)" : "";
  return `Usage: ${command}${note}\n${lines.join("\n")}`;
}

/**
 * Parses `argv` with Node's util.parseArgs (`--name value`, `--name=value`, switches; no positionals), then fills
 * flags not given from their environment variables (empty ones count as unset). `--help` and every parse error
 * throw a {@link CommandLineError} that carries the usage text.
 */
export function parseFlags<Spec extends Record<string, FlagSpec>>(
  command: string,
  spec: Spec,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
): FlagValues<Spec> {
  const help = usage(command, spec);
  if (argv.includes("--help") || argv.includes("-h")) throw new CommandLineError(help);
  const options = Object.fromEntries(
    Object.entries(spec).map(([name, flag]) => [
      name,
      { type: flag.value ? ("string" as const) : ("boolean" as const) },
    ]),
  );
  let parsed: Record<string, string | boolean | undefined>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CommandLineError(`${plain(error)}\n${help}`);
  }
  const values: Record<string, string | boolean> = {};
  for (const [name, flag] of Object.entries(spec)) {
    const given = parsed[name];
    const fromEnv = flag.env ? env[flag.env] : undefined;
    if (given !== undefined) values[name] = given;
    else if (fromEnv !== undefined && fromEnv !== "")
      values[name] = flag.value ? fromEnv : switchValue(flag.env!, fromEnv);
  }
  return values as FlagValues<Spec>;
}

/** A whole number in [min, max], or a clear error naming the flag. */
export function wholeNumber(flag: string, text: string, max: number, min = 0): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > max || n < min) {
    throw new CommandLineError(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

function switchValue(name: string, text: string): boolean {
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  throw new CommandLineError(`${name} must be true or false, got "${text}"`);
}

/** Node's messages name the error code in brackets on some versions; keep the sentence. */
function plain(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^\[ERR_[A-Z_]+\]:\s*/, "");
}

/** An absolute http(s) URL given to `--flag`, or a CommandLineError naming the flag. */
export function httpUrl(flag: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CommandLineError(`--${flag} must be an absolute http(s) URL, got "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CommandLineError(`--${flag} must use http or https, got "${url.protocol}"`);
  }
  return url;
}

/** A comma-separated list, items trimmed, empty items dropped. */
export function commaList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}
