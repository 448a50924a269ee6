/**
 * Browser entry for the view test: an emulated workbook and a real session against the test service (its URL in
 * the page's query string), the real pane mounted into a div the page owns, as the playground does.
 */
import { createWorkbook } from "../../../src/playground/workbook";
import { createKeyStore, memorySettingsStore, Session } from "../../../src/session";
import { systemClock } from "../../../src/clock";
import { mountTaskpane } from "../../../src/taskpane/mount-taskpane";

const serviceUrl = new URLSearchParams(location.search).get("svc") ?? "";
const wb = createWorkbook();
const session = new Session({
  keyStore: createKeyStore({}),
  settingsStore: memorySettingsStore(),
  defaultBaseUrl: serviceUrl,
});
const items = new Map<string, string>();
const pane = mountTaskpane(document.getElementById("pane")!, {
  session,
  run: wb.run,
  settings: wb.Office.context.document.settings,
  historyItem: { get: async () => items.get("history"), set: async (v) => void items.set("history", v) },
  clock: systemClock,
});
Object.assign(window, { wb, pane });
