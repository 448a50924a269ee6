import { readCredits } from "../../billing";
import type { GatewayStore, Person } from "../../team-store";
import { canonicalQuery } from "../request-target";
import { jsonOf } from "../whole-answer";
import { estimateRead } from "./estimates";
import type { ReadSource, ResultSizes } from "./result-sizes";
import type { StoreRetry } from "./store-retry";

/** A GET the gateway sends upstream itself (with the team's key), its answer read whole. */
export type UpstreamGet = (target: string) => Promise<{ status: number; body: Buffer }>;

/** Parameters that choose a page, not the rows there are: left out of a result's size key and of a probe. */
const PAGE_PARAMS = new Set([
  "offset",
  "limit",
  "sample_count",
  "ignore_max_credits_per_request",
  "ignore_max_datapoints_per_request",
]);

/** The path (JSON form) and the parameters that decide which rows a read pages through. */
export function sizeKeyOf(path: string, query: ReadonlyMap<string, string>): string {
  const params = [...query].filter(([name]) => !PAGE_PARAMS.has(name));
  return `${path.replace(/\/csv$/, "")}${canonicalQuery(params)}`;
}

export interface ProbeDeps {
  store: GatewayStore;
  sizes: ResultSizes;
  retry: StoreRetry;
  plan: Parameters<typeof readCredits>[1];
  upstream: UpstreamGet;
  now: () => number;
}

/**
 * Learns how many rows a read pages through before estimating it, when this instance does not know:
 * - a run's results: its status (free), which the add-in polls anyway, but perhaps on another instance;
 * - a curated dataset or a query's latest result: one row of it (`limit=1`, as JSON, with the read's filters and
 *   columns), whose envelope says how many rows there are. That row is a read like any other: reserved, billed by
 *   the service for its bytes (about a kilobyte), booked and audited as the person's.
 * Without it, such a read would be estimated as a whole page at the service's guard (250,000 values), which would
 * refuse a 2.5 MB dataset to anyone with less than 500 credits left. A probe that cannot be made (refused, failed)
 * leaves the estimate to the defaults.
 */
export async function learnSize(
  deps: ProbeDeps,
  person: Person,
  read: ReadSource,
  queryId: number | null,
): Promise<void> {
  const { store, sizes, upstream } = deps;
  if (read.executionId !== undefined) {
    const status = await upstream(`/v1/execution/${encodeURIComponent(read.executionId)}/status`).catch(
      () => undefined,
    );
    if (status?.status === 200) sizes.noteStatus(read.executionId, jsonOf(status.body));
    return;
  }
  const [path, search = ""] = read.sizeKey.split("?");
  const params = new Map(new URLSearchParams(search));
  params.set("limit", "1");
  const estimate = estimateRead(params, sizes.known(read, deps.now()), deps.plan).credits;
  const reserved = await store.reserve({ person: person.name, action: "read", estimate, queryId });
  if (!reserved.ok) return; // audited as refused; the read itself will be refused at its larger estimate too
  const id = reserved.reservation.id;
  const answer = await upstream(`${path}${canonicalQuery([...params])}`).catch(() => undefined);
  if (answer?.status !== 200) {
    await deps.retry.run("release a size probe", () => store.release(id, { outcome: "failed" }));
    return;
  }
  const envelope = jsonOf(answer.body) as { result?: { rows?: unknown } } | undefined;
  sizes.noteEnvelope(read.sizeKey, envelope, deps.now());
  const rows = Array.isArray(envelope?.result?.rows) ? envelope.result.rows.length : null;
  const settlement = { credits: readCredits(answer.body.length, deps.plan), bytes: answer.body.length, rows, queryId };
  await deps.retry.run("reconcile a size probe", () => store.reconcile(id, settlement));
}
