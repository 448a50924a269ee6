import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism, cpus, release, totalmem, type } from "node:os";

/** What the figures were measured on; written at the top of RESULTS.md. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  ramGB: number;
  node: string;
  os: string;
  date: string;
  commit: string;
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

export function describeMachine(): MachineInfo {
  const head = git(["rev-parse", "--short", "HEAD"]) || "unknown";
  // Other people edit src/ while benchmarks run: say whether the measured code was exactly the commit.
  const dirty = git(["status", "--porcelain", "--", "src"]) !== "";
  return {
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    cores: availableParallelism(),
    ramGB: totalmem() / 1024 ** 3,
    node: process.version,
    os: `${type()} ${release()}`,
    date: new Date().toISOString(),
    commit: dirty ? `${head} (+ uncommitted changes under src/)` : head,
  };
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Whole-machine CPU time so far (Linux /proc/stat), in seconds; undefined elsewhere. */
export interface MachineCpu {
  busy: number;
  steal: number;
}

export function machineCpu(): MachineCpu | undefined {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    const tick = clockTicks();
    return { busy: (user + nice + system + irq + softirq) / tick, steal: steal / tick };
  } catch {
    return undefined;
  }
}

/** CPU seconds a process has used so far, all its threads (Linux /proc/<pid>/stat); undefined elsewhere. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: fields are counted after its closing parenthesis.
    const after = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(after[11]);
    const stime = Number(after[12]);
    return (utime + stime) / clockTicks();
  } catch {
    return undefined;
  }
}

/** A process's resident memory now, in bytes (Linux /proc/<pid>/status); undefined elsewhere. */
export function processRssBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** This process's CPU seconds (all threads). */
export function selfCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/**
 * CPU taken from us by others over `wallMs`, as a share of all cores: busy time on the machine that none of the given
 * measured processes account for, plus steal (time the hypervisor gave our virtual CPUs' turn to other guests).
 * The benchmark machine may be shared: a high share means the figure taken at that moment is suspect.
 */
export function foreignShare(
  before: MachineCpu | undefined,
  after: MachineCpu | undefined,
  ownSeconds: number,
  wallMs: number,
): number {
  if (!before || !after || wallMs <= 0) return NaN;
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  return (Math.max(0, busy - ownSeconds) + Math.max(0, steal)) / ((wallMs / 1000) * availableParallelism());
}

/** Busy share of the machine over the next `ms` that neither this process nor `pids` account for. */
export async function sampleForeign(ms: number, pids: readonly number[]): Promise<number> {
  const own = () => selfCpuSeconds() + pids.reduce((t, pid) => t + (processCpuSeconds(pid) ?? 0), 0);
  const m0 = machineCpu();
  const o0 = own();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  return foreignShare(m0, machineCpu(), own() - o0, performance.now() - t0);
}

/**
 * Waits, within a budget shared by the whole run, for the machine to be quiet before a measurement. On a shared
 * machine other people's builds and tests come and go; measuring in their gaps keeps the figures about our code.
 */
export class QuietGate {
  #budgetMs: number;
  waitedMs = 0;

  constructor(
    budgetMs: number,
    private readonly threshold = 0.2,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.#budgetMs = budgetMs;
  }

  /** Resolves with the foreign share last seen (NaN where /proc is missing). */
  async wait(pids: readonly number[]): Promise<number> {
    let share = await sampleForeign(500, pids);
    let told = false;
    while (Number.isFinite(share) && share > this.threshold && this.#budgetMs > 0) {
      if (!told)
        this.log(`  (machine busy with other work: ${Math.round(share * 100)}% of the cores; waiting for a gap)`);
      told = true;
      const t0 = performance.now();
      share = await sampleForeign(1000, pids);
      const spent = performance.now() - t0;
      this.#budgetMs -= spent;
      this.waitedMs += spent;
    }
    return share;
  }
}
