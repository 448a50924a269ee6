import type { SettingsView } from "../document-settings";
import { DEFAULT_QUERY_PAGE, isQueryPagePattern } from "./provenance";

/**
 * The document setting holding the address pattern of a saved query's page on the service's site (`{query_id}` is
 * filled in), for workbooks whose data comes from another deployment of the service; without it, the real service's
 * public page. It is the workbook's, so everyone who reads the report (and the headless refresh) links the same page.
 */
export const QUERY_PAGE_SETTING = "service.queryPage";

/** The workbook's query page pattern: the setting when it is an http(s) address with `{query_id}`, else the default. */
export function queryPagePattern(settings: Pick<SettingsView, "get">): string {
  const stored = settings.get(QUERY_PAGE_SETTING);
  return typeof stored === "string" && isQueryPagePattern(stored.trim()) ? stored.trim() : DEFAULT_QUERY_PAGE;
}
