/**
 * Entry of the task pane bundle (webpack entry "taskpane"). Kept thin, so the logic can be tested without Office:
 * wait for Office, then mount the pane into #app and run the workbook's "when this workbook opens" choice. The
 * playground hosts this same bundle: its page has an #app in the pane area and its Office emulation resolves
 * `Office.onReady`, so the entry needs no hook for it.
 */
import { reportUnexpected } from "../session";
import { bootTaskpane, registerTableSources, runOpenBehaviourOnce } from "./boot";

if (typeof Office !== "undefined") {
  // Nothing waits for a script's top level: failures to start are logged, not left unhandled.
  void Office.onReady(() => {
    registerTableSources();
    if (document.getElementById("app")) bootTaskpane();
    // This page is the shared runtime's: it loads with the document when the workbook's open behaviour asks so.
    void runOpenBehaviourOnce().catch(reportUnexpected("the open behaviour"));
  }).catch(reportUnexpected("starting the pane"));
}
