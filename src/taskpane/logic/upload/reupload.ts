import { formatBytes, formatCredits, GROWTH_ALLOWANCE, roundUpCredits } from "../../../billing";
import type { UploadColumnType } from "../../../client";
import { listUploadBindings, saveUploadBinding, type UploadBinding } from "../../../excel";
import type { PaneDeps } from "../deps";
import { paneMessage } from "../messages";
import type { TableOutcome } from "../refresh-tables";
import { readUploadRange } from "./range-read";
import { uploadProblems } from "./upload-checks";
import { planUpload } from "./upload-columns";
import { buildUploadCsv } from "./upload-csv-chunks";
import { estimateUpload } from "./upload-estimate";
import { failureText } from "./upload-form-state";

export type ReuploadDeps = Pick<PaneDeps, "session" | "run" | "settings" | "clock">;

const fullName = (b: UploadBinding) => `dune.${b.namespace}.${b.tableName}`;

/** What re-uploading a table is expected to cost: a Replace (the clear is free) of as many bytes as last time. */
export const reuploadCredits = (b: UploadBinding): number => estimateUpload(b.bytes, false).credits;

/** Each remembered upload as Refresh All's confirmation lists it: "Sheet1!A1:B1001 to dune.demo.wallets (replace)". */
export function plannedReuploads(settings: ReuploadDeps["settings"]): { what: string; credits: number }[] {
  return listUploadBindings(settings).map((b) => ({
    what: `${b.excelTable ?? b.address} to ${fullName(b)} (replace)`,
    credits: reuploadCredits(b),
  }));
}

/**
 * Sends every remembered range again, one after another, each as a Replace (clear, then insert), once Refresh All's
 * confirmation listed it. A range whose header row no longer gives the columns that were uploaded, or whose cells
 * the columns' types cannot hold, is refused with nothing sent; so is one grown past what was confirmed (its last
 * size plus the growth allowance) and the user's cap per request.
 */
export async function reuploadAll(deps: ReuploadDeps, signal?: AbortSignal): Promise<TableOutcome[]> {
  const outcomes: TableOutcome[] = [];
  for (const binding of listUploadBindings(deps.settings)) {
    if (signal?.aborted) {
      outcomes.push({
        tableName: fullName(binding),
        status: "cancelled",
        rows: 0,
        message: "Not re-uploaded: cancelled.",
      });
      continue;
    }
    outcomes.push(await reuploadOne(deps, binding, signal));
  }
  return outcomes;
}

async function reuploadOne(deps: ReuploadDeps, b: UploadBinding, signal?: AbortSignal): Promise<TableOutcome> {
  const full = fullName(b);
  const refused = (why: string): TableOutcome => ({
    tableName: full,
    status: "failed",
    rows: 0,
    message: `${full}: ${why} Nothing was sent; it keeps its rows.`,
  });
  let done: "nothing" | "cleared" = "nothing";
  try {
    const client = deps.session.client();
    const read = await readUploadRange(deps.run, b);
    const plan = planUpload(read.headers, read.rows, read.formats);
    const names = plan.columns.map((c) => c.name);
    const uploaded = b.columns.map((c) => c.name);
    if (names.join(",").toLowerCase() !== uploaded.join(",").toLowerCase())
      return refused(
        `the header row of ${read.address} now gives the columns ${names.join(", ") || "(none)"}; ` +
          `${uploaded.join(", ")} were uploaded. Put the headers back, or upload it again from the Tables tab.`,
      );
    const types = b.columns.map((c) => c.type as UploadColumnType);
    const { text: csv, bytes } = await buildUploadCsv(uploaded, types, read.rows);
    const estimate = estimateUpload(bytes, false);
    const problems = uploadProblems({
      planProblems: plan.problems,
      // The columns keep the types they were uploaded with (a mixed column went as text with the user's consent).
      columns: plan.columns.map((c, i) => ({ header: c.header, name: uploaded[i]!, type: types[i]!, mixed: c.mixed })),
      rows: read.rows,
      mixedConfirmed: true,
      tableName: b.tableName,
      namespace: b.namespace,
      estimate,
    });
    if (problems.length > 0) return refused(`${problems[0]!}`);
    const confirmed = roundUpCredits(reuploadCredits(b) * (1 + GROWTH_ALLOWANCE));
    if (estimate.credits > Math.max(confirmed, deps.session.billing.settings.maxCredits))
      return refused(
        `${read.address} now comes to ${formatBytes(estimate.bytes)} (${formatCredits(estimate.credits)}), more than ` +
          `Refresh All listed (${formatCredits(reuploadCredits(b))}) and your cap per request. Re-upload it from the Tables tab.`,
      );
    await client.clearUpload(b.namespace, b.tableName, { signal });
    done = "cleared";
    const inserted = await client.insertRows(b.namespace, b.tableName, { csv }, { signal });
    await saveUploadBinding(deps.settings, {
      ...b,
      address: read.address,
      bytes: estimate.bytes,
      uploadedAt: new Date(deps.clock.now()).toISOString(),
    });
    const rows = inserted.rowsWritten;
    return {
      tableName: full,
      status: "refreshed",
      rows,
      message: `${full}: ${rows.toLocaleString("en-US")} rows re-uploaded from ${read.address}.`,
    };
  } catch (error) {
    if (done === "nothing") return refused(`${paneMessage(error).replace(/\.?$/, ".")}`);
    return { tableName: full, status: "failed", rows: 0, message: failureText(error, "replace", done, true, full) };
  }
}

/** The re-uploads' part of Refresh All's summary: "1 of 2 uploaded tables re-uploaded; 1 failed". */
export function reuploadSummary(outcomes: readonly TableOutcome[]): string {
  const sent = outcomes.filter((o) => o.status === "refreshed").length;
  const failed = outcomes.filter((o) => o.status === "failed").length;
  const n = outcomes.length;
  return `${sent} of ${n} uploaded table${n === 1 ? "" : "s"} re-uploaded${failed ? `; ${failed} failed` : ""}.`;
}
