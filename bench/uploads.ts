import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ServiceClient } from "../src/client";
import type { FetchLike } from "../src/client/http/request";
import { planUpload, type UploadPlan } from "../src/taskpane/logic/upload/upload-columns";
import { estimateUpload } from "../src/taskpane/logic/upload/upload-estimate";
import { buildUploadCsv } from "../src/taskpane/logic/upload/upload-csv-chunks";
import { yieldToPage } from "../src/clock";
import type { BenchOptions } from "./args";
import { emptySection, type SectionResult } from "./report";
import { API_KEY, startServiceProcess, type ServiceProcess } from "./service-process";
import { median, mb, ms, num, ratio } from "./stats";
import { rangeCsv, uploadRange, type UploadRange } from "./upload-range";

export const UPLOAD_ROWS = 100_000;
/** The demo key's namespace (its user's name). */
const NAMESPACE = "demo";

export interface UploadRun {
  ms: number;
  requests: number;
  /** Request bodies, as sent. */
  bytes: number;
  rowsWritten: number;
  /** The pane's path, step by step (ms): the synchronous ones are what they would hold the pane's thread for. */
  steps?: UploadSteps;
}

export interface UploadSteps {
  plan: number;
  csv: number;
  /** The longest slice of the CSV's writing: what it holds the pane's thread for at once. */
  csvSlice: number;
  estimate: number;
  create: number;
  insert: number;
}

const STEP_LABELS: Record<keyof UploadSteps, string> = {
  plan: "column plan: names and types from the cells (planUpload)",
  csv: "the CSV text and its bytes, in slices with the page given a turn between them (buildUploadCsv, as the form)",
  csvSlice: "its longest slice (what the pane's thread is held for at once)",
  estimate: "the price from those bytes (estimateUpload)",
  create: "POST /v1/uploads (the client's createUpload)",
  insert: "POST …/insert, the CSV body (the client's insertRows)",
};
const SYNC_STEPS = ["plan", "csvSlice", "estimate"] as const;

/** The logic the pane's upload form calls: plan the columns, write the CSV in slices, price it, create, insert. */
async function projectUpload(service: ServiceProcess, range: UploadRange, table: string): Promise<UploadRun> {
  let requests = 0;
  let bytes = 0;
  const counting: FetchLike = (input, init) => {
    requests++;
    bytes += typeof init.body === "string" ? Buffer.byteLength(init.body) : 0;
    return fetch(input, init);
  };
  const client = new ServiceClient({ apiKey: API_KEY, baseUrl: service.url, fetch: counting, timeoutMs: 300_000 });
  const time = async <T>(work: () => T | Promise<T>): Promise<[T, number]> => {
    const t = performance.now();
    const out = await work();
    return [out, performance.now() - t];
  };
  const t0 = performance.now();
  const [plan, planMs] = await time(() => planUpload(range.headers, range.rows));
  if (plan.problems.length) throw new Error(`the range was refused: ${plan.problems[0]}`);
  // Each slice is timed from the end of one turn given to the page to the start of the next (or the end).
  let sliceStart = 0;
  let longestSlice = 0;
  const endSlice = () => (longestSlice = Math.max(longestSlice, performance.now() - sliceStart));
  const turn = async () => {
    endSlice();
    await yieldToPage();
    sliceStart = performance.now();
  };
  const [built, csvMs] = await time(async () => {
    sliceStart = performance.now();
    const names = plan.columns.map((c) => c.name);
    const out = await buildUploadCsv(
      names,
      plan.columns.map((c) => c.type),
      range.rows,
      { yieldToPage: turn },
    );
    endSlice();
    return out;
  });
  const csv = built.text;
  const [estimate, estimateMs] = await time(() => estimateUpload(built.bytes, true));
  if (Buffer.byteLength(csv) !== estimate.bytes) {
    throw new Error(`the pane priced ${estimate.bytes} bytes but would send ${Buffer.byteLength(csv)}`);
  }
  const [, createMs] = await time(() =>
    client.createUpload({
      namespace: NAMESPACE,
      tableName: table,
      schema: plan.columns.map((c) => ({ name: c.name, type: c.type })),
      isPrivate: true,
    }),
  );
  const [inserted, insertMs] = await time(() => client.insertRows(NAMESPACE, table, { csv }));
  return {
    ms: performance.now() - t0,
    requests,
    bytes,
    rowsWritten: inserted.rowsWritten,
    steps: {
      plan: planMs,
      csv: csvMs,
      csvSlice: longestSlice,
      estimate: estimateMs,
      create: createMs,
      insert: insertMs,
    },
  };
}

interface CurlAnswer {
  status: number;
  uploaded: number;
  body: string;
}

/** One `curl` request; the key goes in on stdin (`-H @-`), never on the command line or in a file. */
function curl(args: readonly string[]): Promise<CurlAnswer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("curl", ["-sS", "-H", "@-", "-w", "\n%{http_code} %{size_upload}", ...args], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (err += c));
    child.on("error", reject);
    child.on("close", (code) => {
      const lines = out.split("\n");
      const [status = "0", uploaded = "0"] = (lines.pop() ?? "").split(" ");
      if (code !== 0) reject(new Error(`curl exited with ${code}: ${err.trim().slice(0, 300)}`));
      else resolvePromise({ status: Number(status), uploaded: Number(uploaded), body: lines.join("\n") });
    });
    child.stdin.end(`X-Service-Api-Key: ${API_KEY}\n`);
  });
}

/** The same table by hand: the range already saved as a CSV file, created and filled with two `curl` commands. */
async function curlUpload(service: ServiceProcess, file: string, plan: UploadPlan, table: string): Promise<UploadRun> {
  const create = JSON.stringify({
    namespace: NAMESPACE,
    table_name: table,
    schema: plan.columns.map((c) => ({ name: c.name, type: c.type })),
    is_private: true,
  });
  const t0 = performance.now();
  const made = await curl(["-H", "Content-Type: application/json", "--data-raw", create, `${service.url}/v1/uploads`]);
  if (made.status !== 200) throw new Error(`curl's create answered ${made.status}: ${made.body.slice(0, 200)}`);
  const insert = await curl([
    "-H",
    "Content-Type: text/csv",
    "--data-binary",
    `@${file}`,
    `${service.url}/v1/uploads/${NAMESPACE}/${table}/insert`,
  ]);
  const elapsed = performance.now() - t0;
  if (insert.status !== 200) throw new Error(`curl's insert answered ${insert.status}: ${insert.body.slice(0, 200)}`);
  const answer = JSON.parse(insert.body) as { rows_written?: number };
  return { ms: elapsed, requests: 2, bytes: made.uploaded + insert.uploaded, rowsWritten: answer.rows_written ?? 0 };
}

async function curlAvailable(): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const child = spawn("curl", ["--version"], { stdio: "ignore" });
    child.on("error", () => resolvePromise(false));
    child.on("close", (code) => resolvePromise(code === 0));
  });
}

/**
 * Section 10: a range of `rows` rows (100,000 by default) uploaded as a table through the logic the pane's upload
 * form calls and the project's client, against the same table made by hand with curl from a CSV file; each path
 * alternately, `reps` times, on a fresh service.
 */
export async function uploadsSection(
  options: BenchOptions,
  log: (line: string) => void,
  rows = UPLOAD_ROWS,
): Promise<SectionResult> {
  const section = emptySection("uploads", `10. Uploads: a ${num(rows)}-row range as a table`);
  const range = uploadRange(rows);
  const withCurl = await curlAvailable();
  const service = await startServiceProcess();
  const dir = await mkdtemp(join(tmpdir(), "upload-bench-"));
  try {
    const file = join(dir, "range.csv");
    // The file a user would save from the sheet, with the columns they would declare: the same as the pane's.
    const plan = planUpload(range.headers, range.rows);
    await writeFile(file, rangeCsv(plan.columns, range.rows));
    const ours: UploadRun[] = [];
    const byHand: UploadRun[] = [];
    for (let rep = 0; rep < options.reps; rep++) {
      const pane = async () => {
        ours.push(await projectUpload(service, range, `bench_pane_${rep}`));
        log(`  upload ${rep + 1}, the pane's path: ${ms(ours[ours.length - 1]!.ms)}`);
      };
      const hand = async () => {
        if (!withCurl) return;
        byHand.push(await curlUpload(service, file, plan, `bench_curl_${rep}`));
        log(`  upload ${rep + 1}, curl: ${ms(byHand[byHand.length - 1]!.ms)}`);
      };
      // Each path goes first every other time, so neither always meets a cold (or a tired) service.
      for (const path of rep % 2 === 0 ? [pane, hand] : [hand, pane]) await path();
    }
    const longestSync = (r: UploadRun) => (r.steps ? Math.max(...SYNC_STEPS.map((k) => r.steps![k])) : undefined);
    const row = (label: string, runs: UploadRun[]): string[] => {
      const time = median(runs.map((r) => r.ms));
      const sync = runs.map(longestSync).filter((v): v is number => v !== undefined);
      return [
        label,
        ms(time),
        byHand.length ? ratio(time / median(byHand.map((r) => r.ms))) : "–",
        mb(runs[0]!.bytes, 2),
        num(runs[0]!.requests),
        num(runs[0]!.rowsWritten),
        sync.length ? ms(Math.max(...sync)) : "",
      ];
    };
    section.tables.push({
      caption: `${num(rows)} rows × ${range.headers.length} columns; medians of ${options.reps}, each path first every other time`,
      head: ["path", "time", "÷ curl", "request bodies", "requests", "rows written", "longest synchronous step"],
      rows: [
        row("the pane's upload logic and the project's client", ours),
        ...(byHand.length ? [row("by hand: curl create + curl --data-binary @range.csv", byHand)] : []),
      ],
    });
    section.tables.push({
      caption:
        "Where the pane's path spends its time (medians); the column plan, each CSV slice and the price hold the pane's thread",
      head: ["step", "time"],
      rows: (Object.keys(STEP_LABELS) as (keyof UploadSteps)[]).map((k) => [
        STEP_LABELS[k],
        ms(median(ours.map((r) => r.steps![k]))),
      ]),
    });
    const all = [...ours, ...byHand];
    section.targets.push({
      what: `Uploads: a ${num(rows)}-row range as a table`,
      target: "every row written, on every path",
      measured: `${num(Math.min(...all.map((r) => r.rowsWritten)))} rows at least`,
      verdict: all.every((r) => r.rowsWritten === rows) ? "met" : "missed",
    });
    section.headline.push(
      `Uploads: ${num(rows)} rows in ${ms(median(ours.map((r) => r.ms)))} through the pane's logic` +
        (byHand.length ? `, ${ms(median(byHand.map((r) => r.ms)))} with curl by hand` : ""),
    );
    section.notes.push(
      "This times the logic the pane's upload form calls, in order (the column plan, the CSV written once in slices " +
        "with the page given a turn between them and its bytes counted as written, the price from those bytes, then " +
        "the client's create and insert), on values shaped as Excel hands them. Reading the range out of Excel is not " +
        "in it; the longest synchronous step is the longest the pane's thread is held at once (a step, or a slice).",
      withCurl
        ? "curl starts from the CSV file already written (as by Excel's Save As), with the table created by a first curl."
        : "curl is not installed on this machine: the by-hand path was not measured.",
    );
  } finally {
    await service.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return section;
}
