/**
 * `npm run bench`: every figure of the performance spec in one run, printed as tables and written with the
 * machine's description to bench/RESULTS.md. Not part of `npm test`: figures vary by machine, so nothing here
 * asserts a time; a missed target is reported, plainly, with what holds it back.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs, type BenchOptions } from "./args";
import { bundleSection } from "./bundle-size";
import { creditsSection } from "./credits";
import { formulasSection } from "./formulas";
import { fullPullSection, prepareDemoResult } from "./full-pull";
import { QuietGate, describeMachine } from "./machine";
import { METHOD_NOTES } from "./method-notes";
import { emptySection, renderMarkdown, renderText, type SectionResult } from "./report";
import { refreshSection } from "./refresh";
import { relaySection } from "./relay";
import { playgroundFileSection } from "./playground-file";
import { playgroundSection } from "./playground-insert";
import { serviceLoadSection } from "./service-load";
import { uploadsSection } from "./uploads";
import { startServiceProcess, type ServiceProcess } from "./service-process";
import { writerSection } from "./writer";

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Section 4 on a service of its own that serves curated datasets too (its refresh timers stay out of the pull). */
async function loadTest(options: BenchOptions, gate: QuietGate): Promise<SectionResult> {
  const service = await startServiceProcess({ datasets: true });
  try {
    log(`load-test service at ${service.url} (pid ${service.pid}); executing query 1003…`);
    const prepared = await prepareDemoResult(service);
    return await serviceLoadSection(service, prepared, options, gate, log);
  } finally {
    await service.stop();
  }
}

/** A section that throws becomes a "not run" section with the reason, and the rest still runs. */
async function guarded(id: string, title: string, body: () => Promise<SectionResult>): Promise<SectionResult> {
  log(`[${new Date().toISOString().slice(11, 19)}] ${title}`);
  try {
    return await body();
  } catch (error) {
    const section = emptySection(id, title);
    section.error = error instanceof Error ? error.message : String(error);
    section.targets.push({ what: title, target: "runs", measured: "failed", verdict: "not run", why: section.error });
    log(`  failed: ${section.error}`);
    return section;
  }
}

async function main(options: BenchOptions): Promise<void> {
  const started = performance.now();
  const machine = describeMachine();
  const wants = (id: string) => (options.sections as string[]).includes(id);
  const sections: SectionResult[] = [];
  // Up to two minutes in all (half in --quick) of waiting for other people's work on a shared machine to pause.
  const gate = new QuietGate(options.quick ? 60_000 : 120_000, 0.2, log);

  // One service for the pull and the load test (they need the 1,000,000-row result); formulas start their own.
  let service: ServiceProcess | undefined;
  try {
    if (wants("pull") || wants("relay")) {
      service = await startServiceProcess();
      log(`service at ${service.url} (pid ${service.pid}); executing query 1003…`);
      const prepared = await prepareDemoResult(service);
      const svc = service;
      if (wants("pull"))
        sections.push(await guarded("pull", "1. Full pull", () => fullPullSection(svc, prepared, options, gate, log)));
      if (wants("formulas"))
        sections.push(await guarded("formulas", "2. Formulas", () => formulasSection(options, log)));
      if (wants("writer")) sections.push(await guarded("writer", "3. Writer", () => writerSection(options, log)));
      if (wants("relay"))
        sections.push(await guarded("relay", "6. Relay", () => relaySection(svc, prepared, options, log)));
    } else {
      if (wants("formulas"))
        sections.push(await guarded("formulas", "2. Formulas", () => formulasSection(options, log)));
      if (wants("writer")) sections.push(await guarded("writer", "3. Writer", () => writerSection(options, log)));
    }
  } finally {
    await service?.stop();
  }
  if (wants("service")) sections.push(await guarded("service", "4. Service under load", () => loadTest(options, gate)));
  if (wants("bundle")) sections.push(await guarded("bundle", "5. Bundle size", () => bundleSection(log)));
  if (wants("playground"))
    sections.push(await guarded("playground", "7. Playground insert", () => playgroundSection(options, log)));
  if (wants("playground-file"))
    sections.push(await guarded("playground-file", "7b. Playground file", () => playgroundFileSection(options, log)));
  if (wants("credits")) sections.push(await guarded("credits", "8. Credits", () => creditsSection(options, log)));
  if (wants("refresh")) sections.push(await guarded("refresh", "9. Refresh", () => refreshSection(options, log)));
  if (wants("uploads")) sections.push(await guarded("uploads", "10. Uploads", () => uploadsSection(options, log)));
  sections.sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true }));

  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${renderText(machine, sections)}\n`);
  const argv = process.argv.slice(2).join(" ");
  const out = resolve(__dirname, options.out ?? "RESULTS.md");
  await writeFile(
    out,
    renderMarkdown(machine, sections, {
      command: `npm run bench${argv ? ` -- ${argv}` : ""}`,
      durationSeconds: seconds,
      method: METHOD_NOTES,
    }),
  );
  log(`\nwrote ${out} (${Math.round(seconds)} s in all)`);
}

let options: BenchOptions;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}
main(options).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
