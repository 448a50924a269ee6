import { billingPlan, isPlan } from "../billing";
import { CommandLineError, httpUrl, parseFlags, type FlagSpec } from "../cli";
import { snapshotSheetName } from "../sheet";
import type { Rerun } from "./plan-cells";
import type { RefreshOptions } from "./refresh";

export const COMMAND = "npm run refresh -- report.xlsx";

/** The key is read from the environment only: a flag would show in the process list and the shell's history. */
export const KEY_VARIABLE = "SERVICE_API_KEY";

export const FLAGS = {
  out: {
    value: "FILE",
    help: "write the refreshed workbook here (default: replace the file, once the new one is complete)",
  },
  force: { help: "replace the file even if it is read-only (never one open in Excel or saved meanwhile)" },
  rerun: {
    value: "none|stale|all",
    help: "SERVICE.QUERY inputs to run again: none (default), stale (no current result), all",
  },
  budget: { value: "CREDITS", help: "refuse to run anything when the plan's estimated credits are over this" },
  "dry-run": { help: "print the plan and its estimated credits; change nothing, send nothing" },
  json: { help: "print the report as one line of JSON (for a scheduler's log)" },
  snapshot: { help: "add a month-end snapshot: the refreshed results as values, with their sources, on a new sheet" },
  "snapshot-name": { value: "NAME", help: "the snapshot sheet's name (default: the previous month, 2026-02)" },
  plan: { value: "PLAN", env: "SERVICE_PLAN", help: "free (default: the dearest), analyst, plus or enterprise" },
  "credits-per-mb": { value: "N", env: "SERVICE_CREDITS_PER_MB", help: "Enterprise: the contract's credits per MB" },
  service: { value: "URL", env: "SERVICE_API_BASE_URL", help: "the service's address (never read from the file)" },
} satisfies Record<string, FlagSpec>;

export interface CommandOptions extends RefreshOptions {
  json: boolean;
}

/** `report.xlsx` out of the arguments: the one argument that is neither a flag nor a flag's value. */
function splitPositionals(argv: readonly string[]): { files: string[]; flags: string[] } {
  const files: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("-") || arg === "-") {
      files.push(arg);
      continue;
    }
    flags.push(arg);
    const name = arg.replace(/^--?/, "");
    const spec = (FLAGS as Record<string, FlagSpec>)[name];
    if (spec?.value && !arg.includes("=") && i + 1 < argv.length) flags.push(argv[++i]);
  }
  return { files, flags };
}

function snapshotOption(on: boolean, name: string | undefined, now: number): { snapshot?: string } {
  if (name !== undefined && !on) throw new CommandLineError("--snapshot-name goes with --snapshot");
  if (!on) return {};
  const { name: sheet, problem } = snapshotSheetName(name, now, []);
  if (problem) throw new CommandLineError(`--snapshot-name: ${problem}`);
  return { snapshot: sheet };
}

function credits(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim()) || !Number.isFinite(value))
    throw new CommandLineError(`--budget must be credits (a number ≥ 0, at most two decimals), got "${text}"`);
  return value;
}

/**
 * The command line and the environment as refresh options; a CommandLineError (with the usage) for anything wrong.
 * The service's address and the key are required unless --dry-run (which sends nothing).
 */
export function parseCommandOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  now: number = Date.now(),
): CommandOptions {
  const { files, flags } = splitPositionals(argv);
  const values = parseFlags(COMMAND, FLAGS, flags, env);
  if (files.length !== 1) {
    throw new CommandLineError(
      `${files.length === 0 ? "Give the workbook to refresh" : `Give one workbook, not ${files.length}`}: ${COMMAND} [flags]`,
    );
  }
  const rerun = (values.rerun ?? "none").trim().toLowerCase();
  if (!["none", "stale", "all"].includes(rerun))
    throw new CommandLineError(`--rerun must be none, stale or all, got "${values.rerun}"`);
  const planName = (values.plan ?? "free").trim().toLowerCase();
  if (!isPlan(planName))
    throw new CommandLineError(`--plan must be free, analyst, plus or enterprise, got "${values.plan}"`);
  const rate = values["credits-per-mb"];
  if (planName === "enterprise" && (rate === undefined || !/^\d+(\.\d+)?$/.test(rate.trim())))
    throw new CommandLineError("--plan enterprise needs --credits-per-mb N (your contract's credits per MB exported)");
  const dryRun = values["dry-run"] === true;
  const apiKey = env[KEY_VARIABLE]?.trim() || undefined;
  if (!dryRun && !values.service)
    throw new CommandLineError(
      "Give the service's address: --service URL or SERVICE_API_BASE_URL (never read from the file)",
    );
  if (!dryRun && !apiKey)
    throw new CommandLineError(`Set the API key in ${KEY_VARIABLE} (it is never read from a flag or the file)`);
  return {
    file: files[0],
    ...(values.out ? { out: values.out } : {}),
    rerun: rerun as Rerun,
    ...(values.budget !== undefined ? { budget: credits(values.budget) } : {}),
    dryRun,
    ...(values.force === true ? { force: true } : {}),
    json: values.json === true,
    plan: billingPlan(planName, rate),
    ...(values.service ? { serviceUrl: (httpUrl("service", values.service), values.service) } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...snapshotOption(values.snapshot === true, values["snapshot-name"], now),
  };
}
