import { spawn } from "node:child_process";
import { resolve } from "node:path";

export interface BuildOptions {
  /** The repository root (webpack configs live there). */
  root: string;
  /** Config files to build together (one webpack process, several compilers). */
  configs: string[];
  env?: Record<string, string>;
  mode?: "production" | "development";
  /** Where webpack's output goes (default: discarded unless the build fails). */
  log?: (line: string) => void;
  /** Aborting stops the build (the child process is killed). */
  signal?: AbortSignal;
}

/**
 * Runs webpack-cli in a child process: a build keeps its memory and its loaders' module state out of the
 * caller (the start script, a jest worker). Rejects with the end of webpack's output when it fails.
 */
export function runWebpack(options: BuildOptions): Promise<void> {
  const cli = require.resolve("webpack-cli/bin/cli.js", { paths: [options.root] });
  const args = [
    cli,
    ...options.configs.flatMap((c) => ["--config", resolve(options.root, c)]),
    "--mode",
    options.mode ?? "production",
  ];
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: options.root,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
    });
    let output = "";
    const collect = (chunk: Buffer): void => {
      const text = chunk.toString();
      output = (output + text).slice(-20_000);
      for (const line of text.split("\n")) if (line.trim()) options.log?.(line);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", (error) => fail(options.signal?.aborted ? new Error("build stopped") : error));
    child.once("exit", (code, signal) => {
      if (code === 0) ok();
      else fail(new Error(`webpack failed (${signal ?? `exit ${code}`}):\n${output.slice(-6_000)}`));
    });
  });
}
