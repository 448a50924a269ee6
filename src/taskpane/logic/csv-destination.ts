/**
 * Where a result's "Download CSV" goes. Office on Mac (and on iPad) shows add-ins in a WKWebView, where a Blob link
 * with `download` does nothing and reports no error (office-js#2700, closed "by design"; office-js#3385, open since
 * 2023 on Mac 16.73). There the result is written to a new sheet instead, and the pane says how to save it as CSV
 * with Excel's own File → Save As. The alternatives, and why not:
 * - `Office.context.ui.openBrowserWindow(url)` (the workaround office-js#3662 gives) needs a URL of ours serving the
 *   file: the result can only be read with the user's key, which never goes into a URL;
 * - a dialog is the same WebView, with the same missing downloads;
 * - the clipboard needs the click's user activation, long spent once the pages have been fetched, and a result can
 *   be megabytes.
 * A new sheet works on every platform, pages the rows in with progress and cancel like any insert, and keeps text
 * columns as text.
 */
export type CsvDestination = "download" | "new-sheet";

/** `Office.PlatformType` values whose add-in web view ignores downloads. */
const NO_DOWNLOADS = new Set(["Mac", "iOS"]);

export function csvDestination(platform: string | undefined): CsvDestination {
  return platform !== undefined && NO_DOWNLOADS.has(platform) ? "new-sheet" : "download";
}

/** `Office.context.diagnostics.platform` ("PC", "Mac", "OfficeOnline", "iOS", …), or undefined outside Office. */
export function officePlatform(): string | undefined {
  try {
    const office = (globalThis as { Office?: { context?: { diagnostics?: { platform?: unknown } } } }).Office;
    const platform = office?.context?.diagnostics?.platform;
    return typeof platform === "string" ? platform : undefined;
  } catch {
    return undefined; // a host whose context is not ready, or that throws on access
  }
}
