/**
 * Entry of the task pane bundle (webpack entry "taskpane"). Kept thin (DESIGN §4.11): wait for Office, then mount the
 * pane into #app. The playground hosts this same bundle: its page has an #app in the pane area and its Office
 * emulation resolves `Office.onReady`, so the entry needs no hook for it.
 */
import { bootTaskpane } from "./boot";

if (typeof Office !== "undefined") {
  void Office.onReady(() => {
    if (document.getElementById("app")) bootTaskpane();
  });
}
