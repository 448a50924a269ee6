// PLACEHOLDER written by the build engineer so webpack has an entry; the commands engineer replaces this file.
// The manifest's Refresh All button runs the ExecuteFunction "refreshAll" associated here.
import { refreshAll } from "../functions";

Office.onReady(() => {
  Office.actions.associate("refreshAll", async (event: Office.AddinCommands.Event) => {
    try {
      await refreshAll();
    } finally {
      event.completed();
    }
  });
});
