import type { CDPSession } from "playwright-core";

/** One main-thread task of the page, and whether the workbook file's save ran in it. */
export interface TracedTask {
  ms: number;
  saving: boolean;
}

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { cpuProfile?: ProfileData; timeDeltas?: number[]; startTime?: number } };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string };
}

interface ProfileData {
  nodes?: ProfileNode[];
  samples?: number[];
}

/**
 * The functions of the file save (host/workbook-file.ts and the document it writes, whole or a part at a time: the
 * workbook's `saveParts` and a sheet's `serialise`): named in production builds (object keys are not minified).
 */
const SAVE_FRAMES = new Set(["saveNow", "saveDocument", "documentOf", "saveParts", "serialise"]);

/**
 * Records the page's main thread with the DevTools trace (tasks, and JS samples to see what ran in each) until
 * `stop` is called; then returns every task of at least `minMs`, each marked when the file save ran in it.
 */
export async function traceMainThread(cdp: CDPSession, minMs: number): Promise<() => Promise<TracedTask[]>> {
  const events: TraceEvent[] = [];
  // The protocol types trace events as string maps; they are the trace format's objects.
  cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-v8.cpu_profiler",
    transferMode: "ReportEvents",
  });
  return async () => {
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    return classify(events, minMs);
  };
}

function classify(events: TraceEvent[], minMs: number): TracedTask[] {
  const nodes = new Map<number, ProfileNode>();
  const saving: number[] = []; // timestamps (µs) of samples inside the save
  let ts = 0;
  for (const e of events) {
    if (e.name === "Profile") ts = e.args?.data?.startTime ?? ts;
    if (e.name !== "ProfileChunk") continue;
    const profile = e.args?.data?.cpuProfile ?? {};
    for (const n of profile.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
        if (SAVE_FRAMES.has(n.callFrame.functionName)) {
          saving.push(ts);
          break;
        }
      }
    });
  }
  saving.sort((a, b) => a - b);
  // Renderers' main threads (one page open at a time), not the browser's, the compositor's or the GPU's.
  const main = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  const within = (from: number, to: number) => {
    let lo = 0;
    let hi = saving.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (saving[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < saving.length && saving[lo]! <= to;
  };
  return events
    .filter((e) => e.name === "RunTask" && main.has(`${e.pid}:${e.tid}`) && (e.dur ?? 0) >= minMs * 1000)
    .map((e) => ({ ms: (e.dur ?? 0) / 1000, saving: within(e.ts, e.ts + (e.dur ?? 0)) }));
}
