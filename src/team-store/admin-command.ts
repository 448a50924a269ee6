import { CommandLineError, parseFlags, type FlagSpec } from "../cli";
import { budgetsLine, peopleTable, teamLines, tokenLines } from "./admin-format";
import { GatewayInputError, GatewayStoreLockedError, GatewayStoreUnavailableError } from "./errors";
import type { Budgets, GatewayStore } from "./gateway-store";
import { isDatabaseUrl, openGatewayStore, passwordWarning, type StoreLocation } from "./open-store";
import { ADMIN_TOKEN_ENV, runRemotely } from "./admin-remote";
import { ADMIN_STORE_OPTIONS, type GatewayStoreOptions } from "./store-options";

/**
 * `npm run relay -- users …` and `npm run relay -- budget …`: the gateway's admin commands, against the file store
 * or `--database`. Each opens the store, does one thing, prints the outcome, and closes it.
 */
export const ADMIN_COMMANDS = ["users", "budget"] as const;

export function isAdminCommand(argv: readonly string[]): boolean {
  return (ADMIN_COMMANDS as readonly string[]).includes(argv[0] ?? "");
}

const STORE_FLAGS = {
  database: {
    value: "URL",
    env: "RELAY_DATABASE",
    help: "PostgreSQL (postgres://user:password@host/db) shared by several instances",
  },
  "state-dir": {
    value: "DIR",
    env: "RELAY_STATE_DIR",
    help: "the file store's directory (one instance; default .gateway-data)",
  },
  gateway: {
    value: "URL",
    env: "RELAY_GATEWAY_URL",
    help: `a running one-instance gateway to make the change in, while it runs (an admin's token in ${ADMIN_TOKEN_ENV})`,
  },
} satisfies Record<string, FlagSpec>;

const LIMIT_FLAGS = {
  "per-day": { value: "N", help: "credits per day ('none': no limit)" },
  "per-month": { value: "N", help: "credits per month ('none': no limit)" },
} satisfies Record<string, FlagSpec>;

const SUBCOMMANDS: Record<string, { args: string[]; flags: Record<string, FlagSpec>; help: string }> = {
  "users add": {
    args: ["NAME"],
    flags: {
      "budget-per-day": { value: "N", help: "credits NAME may spend per day" },
      "budget-per-month": { value: "N", help: "credits NAME may spend per month" },
      unlimited: { help: "no personal budget (the team's still applies)" },
      admin: { help: "may read the usage page and cancel anyone's run" },
      ...STORE_FLAGS,
    },
    help: "adds a person (or reinstates a revoked one) and prints their token once",
  },
  "users list": { args: [], flags: STORE_FLAGS, help: "lists people, budgets and what they spent (no tokens)" },
  "users revoke": { args: ["NAME"], flags: STORE_FLAGS, help: "refuses NAME's token from now on" },
  "users rotate": {
    args: ["NAME"],
    flags: STORE_FLAGS,
    help: "prints a new token for NAME once; the old one is refused",
  },
  "users budget": { args: ["NAME"], flags: { ...LIMIT_FLAGS, ...STORE_FLAGS }, help: "changes NAME's budgets" },
  "budget team": {
    args: [],
    flags: {
      ...LIMIT_FLAGS,
      "time-zone": { value: "ZONE", help: "where days and months start (IANA name; default UTC)" },
      ...STORE_FLAGS,
    },
    help: "shows or sets the team's budgets",
  },
};

export function adminUsage(): string {
  const commands = Object.entries(SUBCOMMANDS).map(([name, spec]) => [
    `${[name, ...spec.args].join(" ")} [flags]`,
    spec.help,
  ]);
  const width = Math.max(...commands.map(([command]) => command!.length));
  const lines = commands.map(([command, help]) => `  npm run relay -- ${command!.padEnd(width)}  ${help}`);
  return [
    "Gateway administration:",
    ...lines,
    "Each takes --database URL or --state-dir DIR, or --gateway URL for a running one-instance gateway;",
    "--help after one lists its flags.",
  ].join("\n");
}

/** A credits flag: a number, or "none" for no limit. */
function limitFlag(flag: string, text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (/^(none|unlimited)$/i.test(text.trim())) return null;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) {
    throw new CommandLineError(`--${flag} must be a number of credits or "none", got "${text}"`);
  }
  return value;
}

function storeLocation(flags: { database?: string | boolean; "state-dir"?: string | boolean }): StoreLocation {
  const database = typeof flags.database === "string" ? flags.database : undefined;
  if (database !== undefined && !isDatabaseUrl(database)) {
    throw new CommandLineError(`--database must be a postgres:// or postgresql:// URL`);
  }
  return { database, stateDir: typeof flags["state-dir"] === "string" ? flags["state-dir"] : undefined };
}

/** Where the command writes: its results, and the reasons it refused. */
export interface AdminOutput {
  out(line: string): void;
  error(line: string): void;
}

/**
 * Runs one admin command; resolves to the process's exit code (0 done, 1 refused or store unavailable, 2 usage).
 */
export async function runAdminCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: AdminOutput,
  open: (location: StoreLocation, options: GatewayStoreOptions) => Promise<GatewayStore> = openGatewayStore,
): Promise<number> {
  const name = argv.slice(0, 2).join(" ");
  const spec = SUBCOMMANDS[name];
  try {
    if (!spec) throw new CommandLineError(adminUsage());
    const rest = argv.slice(2);
    const args = rest.slice(0, spec.args.length);
    if (args.length < spec.args.length || args.some((arg) => arg.startsWith("-"))) {
      if (rest.includes("--help") || rest.includes("-h"))
        parseFlags(`npm run relay -- ${name}`, spec.flags, ["--help"]);
      throw new CommandLineError(`${name} needs ${spec.args.join(" ")}\n${adminUsage()}`);
    }
    const flags = parseFlags(
      `npm run relay -- ${[name, ...spec.args].join(" ")}`,
      spec.flags,
      rest.slice(args.length),
      env,
    );
    // A running gateway on the file store holds it open: the change is made by the gateway itself.
    if (typeof flags.gateway === "string") {
      return await runRemotely(flags.gateway, env[ADMIN_TOKEN_ENV], withoutGateway(argv), output);
    }
    const location = storeLocation(flags);
    const warning = passwordWarning(
      location.database,
      argv.some((arg) => /^--database(=|$)/.test(arg)),
    );
    if (warning !== undefined) output.error(warning);
    const store = await open(location, ADMIN_STORE_OPTIONS);
    try {
      await perform(name, args[0] ?? "", flags, store, (line) => output.out(line));
    } finally {
      await store.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof CommandLineError) {
      output.error(error.message);
      return 2;
    }
    if (
      error instanceof GatewayInputError ||
      error instanceof GatewayStoreLockedError ||
      error instanceof GatewayStoreUnavailableError
    ) {
      output.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** The command as the gateway runs it: without `--gateway` (the store is the one it holds). */
function withoutGateway(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--gateway") i++;
    else if (!arg.startsWith("--gateway=")) out.push(arg);
  }
  return out;
}

type Flags = Record<string, string | boolean | undefined>;

async function perform(command: string, who: string, flags: Flags, store: GatewayStore, print: (line: string) => void) {
  const text = (flag: string) => (typeof flags[flag] === "string" ? (flags[flag] as string) : undefined);
  switch (command) {
    case "users add": {
      const perDay = limitFlag("budget-per-day", text("budget-per-day"));
      const perMonth = limitFlag("budget-per-month", text("budget-per-month"));
      if (perDay === undefined && perMonth === undefined && flags.unlimited !== true) {
        throw new CommandLineError(
          "Give --budget-per-day N and/or --budget-per-month N (credits), or --unlimited for no personal budget.",
        );
      }
      const issued = await store.addPerson({
        name: who,
        admin: flags.admin === true,
        budgets: { perDay: perDay ?? null, perMonth: perMonth ?? null },
      });
      const role = issued.person.admin ? "admin" : "member";
      print(`Added ${issued.person.name} (${role}; budget ${budgetsLine(issued.person.budgets)}).`);
      for (const line of tokenLines(issued.person.name, issued.token)) print(line);
      return;
    }
    case "users list": {
      const people = await store.listPeople();
      const rows = [];
      for (const person of people) {
        rows.push({ person, status: person.revokedAt === null ? await store.budgetStatus(person.name) : undefined });
      }
      for (const line of peopleTable(rows)) print(line);
      const team = await store.teamSettings();
      const someone = people.find((p) => p.revokedAt === null);
      for (const line of teamLines(team, someone ? await store.budgetStatus(someone.name) : undefined)) print(line);
      return;
    }
    case "users revoke": {
      const person = await store.revokePerson(who);
      print(`Revoked ${person.name}: their token is refused from now on (their audit history stays).`);
      return;
    }
    case "users rotate": {
      const issued = await store.rotateToken(who);
      print(`New token for ${issued.person.name}; the old one is refused from now on.`);
      for (const line of tokenLines(issued.person.name, issued.token)) print(line);
      return;
    }
    case "users budget": {
      const budgets = limits(text);
      const person =
        Object.keys(budgets).length > 0 ? await store.setPersonBudgets(who, budgets) : await store.person(who);
      if (!person) throw new GatewayInputError("UNKNOWN_PERSON", `No person named "${who}" (see \`users list\`).`);
      print(`${person.name}: budget ${budgetsLine(person.budgets)}.`);
      return;
    }
    case "budget team": {
      const changes = { ...limits(text), ...(text("time-zone") === undefined ? {} : { timeZone: text("time-zone")! }) };
      const team = Object.keys(changes).length > 0 ? await store.setTeamSettings(changes) : await store.teamSettings();
      for (const line of teamLines(team)) print(line);
      return;
    }
  }
}

function limits(text: (flag: string) => string | undefined): Partial<Budgets> {
  const budgets: Partial<Budgets> = {};
  const perDay = limitFlag("per-day", text("per-day"));
  const perMonth = limitFlag("per-month", text("per-month"));
  if (perDay !== undefined) budgets.perDay = perDay;
  if (perMonth !== undefined) budgets.perMonth = perMonth;
  return budgets;
}
