import type { BenchOptions } from "./args";
import { runChild } from "./child";
import { emptySection, type SectionResult } from "./report";
import { mb, median, ms, num } from "./stats";
import type { WriterWorkerResult } from "./writer-worker";

/** "≤ 4 MB" read strictly as 4,000,000 bytes (the writer's own budget); Excel's hard limit is 5 MB. */
export const PAYLOAD_TARGET_BYTES = 4_000_000;

export async function writerSection(options: BenchOptions, log: (line: string) => void): Promise<SectionResult> {
  const section = emptySection("writer", "3. Writer: 100,000 x 12 insert on the recording workbook");
  const runs: WriterWorkerResult[] = [];
  for (let rep = 0; rep < options.reps; rep++) {
    const r = await runChild<WriterWorkerResult>("writer-worker.ts", ["100000"]);
    runs.push(r);
    log(
      `  writer rep ${rep + 1}/${options.reps}: ${ms(r.writeMs)}, ${r.syncs} syncs, largest ${num(r.maxRequestBytes)} bytes`,
    );
  }
  // Syncs and bytes are deterministic; only the times vary between repetitions.
  const r = runs[0]!;
  const writeMs = median(runs.map((x) => x.writeMs));
  const mapMs = median(runs.map((x) => x.mapMs));
  section.tables.push({
    head: ["figure", "value"],
    rows: [
      ["rows x columns (plus header row)", `${num(r.rows)} x ${r.columns}`],
      ["syncs in all", num(r.syncs)],
      ["  of which data chunks", num(r.chunkSyncs)],
      ["largest request payload per sync", `${num(r.maxRequestBytes)} bytes (${mb(r.maxRequestBytes, 2)})`],
      ["total request bytes", `${num(r.totalRequestBytes)} bytes (${mb(r.totalRequestBytes)})`],
      ["syncs rejected by the 5 MB limit", num(r.rejected)],
      [`write time (median of ${runs.length})`, ms(writeMs)],
      ["rows written per second", num(r.rows / (writeMs / 1000))],
      ["mapping to cell values before the write (toSheetMatrix)", ms(mapMs)],
      ["peak RSS of the writing process", mb(median(runs.map((x) => x.maxRssBytes)), 0)],
    ],
  });
  const met = r.maxRequestBytes <= PAYLOAD_TARGET_BYTES && r.rejected === 0;
  section.targets.push({
    what: "Writer: largest payload per sync",
    target: `<= ${num(PAYLOAD_TARGET_BYTES)} bytes`,
    measured: `${num(r.maxRequestBytes)} bytes`,
    verdict: met ? "met" : "missed",
    why: met
      ? undefined
      : "a chunk's estimated payload is below the budget but the emulation's JSON measure is above it",
  });
  section.headline.push(
    `Writer 100k x 12: ${r.syncs} syncs, largest ${mb(r.maxRequestBytes, 2)} per sync, ${mb(r.totalRequestBytes)} in all, ${ms(writeMs)} on the emulated workbook`,
  );
  section.notes.push(
    "Times are the emulation's (JSON-serialising each request, coercing and storing cells), not Excel's; the sync count and payload sizes are what Excel would receive.",
  );
  return section;
}
