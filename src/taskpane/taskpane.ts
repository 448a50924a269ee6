/**
 * Entry of the task pane bundle (webpack entry "taskpane"). Kept thin (DESIGN §4.11): wait for Office, then
 * mount the pane into #app. The playground does not use this path: it calls `bootTaskpane({ root })`, also
 * published on `globalThis` so it can reach it across bundles.
 */
import { bootTaskpane } from "./boot";

const HOOK = Symbol.for("service-addin.boot-taskpane");
(globalThis as { [HOOK]?: typeof bootTaskpane })[HOOK] = bootTaskpane;

// The playground marks its page so the pane waits for it to provide a root instead of mounting into #app.
const hostedByPlayground = (globalThis as { __SERVICE_PLAYGROUND__?: boolean }).__SERVICE_PLAYGROUND__ === true;

if (typeof Office !== "undefined" && !hostedByPlayground) {
  void Office.onReady(() => {
    if (document.getElementById("app")) bootTaskpane();
  });
}

export { bootTaskpane };
export { mountTaskpane } from "./mount-taskpane";
