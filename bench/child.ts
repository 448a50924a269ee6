import { spawn } from "node:child_process";
import { resolve } from "node:path";

export const REPO_ROOT = resolve(__dirname, "..");

/**
 * Runs a bench TypeScript entry in a fresh Node process (tsx as a loader, no extra CLI process) and returns the
 * JSON object it prints as its last stdout line. A fresh process per measurement gives each method a clean heap,
 * cold JIT for all alike, and its own peak RSS.
 */
export function runChild<T>(entry: string, args: readonly string[], timeoutMs = 300_000): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", resolve(__dirname, entry), ...args], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0) {
        reject(
          new Error(
            `${entry} ${args.join(" ")} exited with ${code ?? signal}: ${(stderr || stdout).trim().slice(-800)}`,
          ),
        );
        return;
      }
      try {
        resolvePromise(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${entry} printed no JSON result: ${last.slice(0, 300)}`));
      }
    });
  });
}
