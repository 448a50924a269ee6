import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { resolve } from "node:path";
import { DEMO_KEY } from "../src/service/demo/demo-keys";
import { REPO_ROOT } from "./child";
import { processCpuSeconds } from "./machine";

export const API_KEY = DEMO_KEY;

export interface ServiceProcess {
  url: string;
  pid: number;
  /** The service's data directory (results are `results/<execution id>.parquet` there). */
  dataDir: string;
  /** CPU seconds the service process has used so far (all threads: DuckDB, zlib, the event loop). */
  cpuSeconds(): number;
  /** Asks the service to run a full garbage collection (SIGUSR2; the bench starts it with --expose-gc). */
  collectGarbage(): void;
  stop(): Promise<void>;
}

/**
 * The local service in a child process. On a 2-core machine the service and the measured client still share the
 * cores, but not one event loop or heap: the client's garbage collection cannot stall the server and vice versa,
 * as with a real remote service. Its CPU is read from /proc so the report can say where the time went.
 */
export async function startServiceProcess(options: { datasets?: boolean } = {}): Promise<ServiceProcess> {
  const args = ["--expose-gc", "--import", "tsx", resolve(__dirname, "service-main.ts")];
  if (options.datasets) args.push("--datasets");
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: "pipe" });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  const ready = await new Promise<{ url: string; pid: number; dataDir: string }>((resolvePromise, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`service did not start in 60 s: ${stderr.slice(-500)}`)), 60_000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      const line = buffer.split("\n")[0];
      if (buffer.includes("\n") && line) {
        clearTimeout(timer);
        try {
          resolvePromise(JSON.parse(line) as { url: string; pid: number; dataDir: string });
        } catch {
          reject(new Error(`service said: ${line}`));
        }
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}: ${stderr.slice(-500)}`));
    });
  });
  let stopped: Promise<void> | undefined;
  return {
    url: ready.url,
    pid: ready.pid,
    dataDir: ready.dataDir,
    cpuSeconds: () => processCpuSeconds(ready.pid) ?? NaN,
    collectGarbage: () => void child.kill("SIGUSR2"),
    stop: () =>
      (stopped ??= new Promise<void>((resolvePromise) => {
        if (child.exitCode !== null) return resolvePromise();
        const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolvePromise();
        });
        child.kill("SIGTERM");
      })),
  };
}
