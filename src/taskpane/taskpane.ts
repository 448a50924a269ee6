/**
 * Entry of the task pane bundle (webpack entry "taskpane"). Kept thin (DESIGN §4.11): wait for Office, then mount the
 * pane into #app and run the workbook's "when this workbook opens" choice. The playground hosts this same bundle: its page has an #app in the pane area and its Office
 * emulation resolves `Office.onReady`, so the entry needs no hook for it.
 */
import { bootTaskpane, runOpenBehaviourOnce } from "./boot";

if (typeof Office !== "undefined") {
  void Office.onReady(() => {
    if (document.getElementById("app")) bootTaskpane();
    // This page is the shared runtime's: it loads with the document when the workbook's open behaviour asks so.
    void runOpenBehaviourOnce();
  });
}
