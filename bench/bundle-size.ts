import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "./child";
import { emptySection, type SectionResult } from "./report";
import { kb, ms, num } from "./stats";

/** Runs the production build into `outDir`; resolves with its output, rejects with the tail of it. */
function build(outDir: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const webpack = resolve(REPO_ROOT, "node_modules/webpack-cli/bin/cli.js");
    const child = spawn(process.execPath, [webpack, "--mode", "production", "--output-path", outDir], {
      cwd: REPO_ROOT,
      env: { ...process.env, OUTPUT_DIR: outDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (output += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (output += c));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`webpack exited with ${code}: ${output.trim().split("\n").slice(-12).join("\n")}`));
    });
  });
}

/** Which bundle a file is, in the order the shared-runtime page loads them. */
const PAGE_ORDER = ["runtime", "shared", "functions", "commands", "taskpane"];

/** Section 5: the production bundles, minified (as webpack emits them) and gzipped. */
export async function bundleSection(log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection("bundle", "5. Bundle size (webpack --mode production)");
  if (!existsSync(resolve(REPO_ROOT, "webpack.config.js"))) {
    section.error = "webpack.config.js has not landed yet";
    return section;
  }
  const outDir = await mkdtemp(join(tmpdir(), "bench-bundle-"));
  try {
    const t0 = performance.now();
    await build(outDir);
    const buildMs = performance.now() - t0;
    const files = (await readdir(outDir)).filter((f) => f.endsWith(".js"));
    const sizes = await Promise.all(
      files.map(async (file) => {
        const content = await readFile(join(outDir, file));
        return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
      }),
    );
    const rank = (file: string) => {
      const i = PAGE_ORDER.indexOf(file.replace(/\.js$/, ""));
      return i < 0 ? PAGE_ORDER.length : i;
    };
    sizes.sort((a, b) => rank(a.file) - rank(b.file) || a.file.localeCompare(b.file));
    const total = sizes.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { raw: 0, gzip: 0 });
    section.tables.push({
      head: ["bundle", "minified", "gzip"],
      rows: [
        ...sizes.map((s) => [s.file, `${num(s.raw)} B (${kb(s.raw)})`, `${num(s.gzip)} B (${kb(s.gzip)})`]),
        [
          "all of the shared-runtime page's JavaScript",
          `${num(total.raw)} B (${kb(total.raw)})`,
          `${num(total.gzip)} B (${kb(total.gzip)})`,
        ],
      ],
    });
    log(`  bundle: ${sizes.map((s) => `${s.file} ${kb(s.raw)}/${kb(s.gzip)} gz`).join(", ")}; build ${ms(buildMs)}`);
    const fn = sizes.find((s) => s.file === "functions.js");
    const pane = sizes.find((s) => s.file === "taskpane.js");
    const shared = sizes.filter((s) => s.file === "shared.js" || s.file === "runtime.js");
    const sharedGzip = shared.reduce((n, s) => n + s.gzip, 0);
    section.headline.push(
      `Bundles (gzip): functions ${fn ? kb(fn.gzip) : "–"}, pane ${pane ? kb(pane.gzip) : "–"}, shared + runtime ${kb(sharedGzip)}; ` +
        `the whole page ${kb(total.gzip)} (${kb(total.raw)} minified)`,
    );
    section.notes.push(
      "functions, commands and taskpane share one page (the shared runtime): modules used by more than one entry are in shared.js and loaded once; office.js comes from Microsoft's CDN and is not counted.",
      `Production build took ${ms(buildMs)}. No size target was set; these are for tracking.`,
    );
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return section;
}
