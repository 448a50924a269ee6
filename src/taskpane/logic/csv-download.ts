import type { ServiceClient } from "../../client";

/**
 * The whole CSV of an execution, page by page (E3 with offset/limit; every page repeats the header, which is
 * dropped after the first). Returned as parts so a Blob can be built without one giant string.
 */
export async function collectCsv(
  client: Pick<ServiceClient, "resultsCsv">,
  executionId: string,
  options: { signal?: AbortSignal; pageRows?: number; partial?: boolean } = {},
): Promise<string[]> {
  const parts: string[] = [];
  const limit = options.pageRows ?? 25_000;
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page = await client.resultsCsv(executionId, {
      offset,
      limit,
      signal: options.signal,
      ...(options.partial ? { allow_partial_results: true } : {}),
    });
    const text = parts.length === 0 ? page.text : withoutHeader(page.text);
    if (text !== "") parts.push(parts.length > 0 && !parts[parts.length - 1]!.endsWith("\n") ? `\n${text}` : text);
    offset = page.nextOffset !== undefined && page.nextOffset > offset ? page.nextOffset : undefined;
  }
  return parts;
}

/** Everything after the first record, which may span lines when a quoted header holds a line break. */
export function withoutHeader(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) {
      const next = ch === "\r" && text[i + 1] === "\n" ? i + 2 : i + 1;
      return text.slice(next);
    }
  }
  return "";
}

/** "query-1002-01HX….csv": the name a downloaded file gets. */
export function csvFileName(queryId: number | undefined, executionId: string): string {
  const safe = executionId.replace(/[^A-Za-z0-9_-]/g, "");
  return queryId === undefined ? `execution-${safe}.csv` : `query-${queryId}-${safe}.csv`;
}

/**
 * The browser side: a Blob and a temporary `<a download>`; works in Excel on the web and on Windows, not in Excel on
 * Mac's WKWebView (see csv-destination.ts, which sends the result to a new sheet there).
 */
export function saveCsv(doc: Document, fileName: string, parts: readonly string[]): void {
  const blob = new Blob(parts as string[], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = doc.createElement("a");
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  doc.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // Revoked later: some WebViews read the URL after click() has returned.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
