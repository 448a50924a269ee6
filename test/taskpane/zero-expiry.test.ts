import { HistoryController } from "../../src/taskpane/logic/history-controller";
import { HistoryStore, type HistoryEntry } from "../../src/taskpane/logic/history-store";
import { bindingFor } from "../../src/taskpane/logic/insert-source";
import { expiryText } from "../../src/taskpane/view/dom";
import { ManualClock } from "../support/manual-clock";
import { memoryItem, testPane } from "./support/pane-deps";

/**
 * The service has sent `expires_at` 1970-01-01T00:00:00Z for a run still going ("not known yet"). The client drops
 * it now, but History entries and bindings written before it did may still hold it: everywhere the pane reads or
 * shows an expiry, a zero time is "not yet known", never a date in 1970 and never "expired".
 */
describe("a zero expires_at is 'not yet known' in the pane", () => {
  const ZERO = "1970-01-01T00:00:00Z";
  const entry: HistoryEntry = {
    executionId: "01GBM4W2N0NMCGPZYW8AYK4YF1",
    queryId: 1002,
    parameters: {},
    performance: "medium",
    state: "QUERY_STATE_COMPLETED",
    credits: 10,
    submittedAt: "2024-06-01T10:00:00Z",
    baseUrl: "http://service.test",
    expiresAt: ZERO,
  };

  it.each([
    [ZERO, "not yet known"],
    ["0001-01-01T00:00:00Z", "not yet known"],
    [undefined, "not yet known"],
  ])("History's expires column for %s: %s", (iso, text) => {
    expect(expiryText(iso)).toBe(text);
  });

  it("a history entry with a zero expiry still has its result (Insert and Download stay offered)", async () => {
    const pane = await testPane("http://service.test", { clock: new ManualClock() });
    const history = new HistoryController(pane.deps, new HistoryStore(memoryItem()));
    expect(history.isExpired(entry)).toBe(false);
    expect(history.hasResult(entry)).toBe(true);
  });

  it("a table inserted from such an entry is not bound to an expiry", () => {
    const binding = bindingFor(
      { kind: "execution", executionId: entry.executionId, expiresAt: ZERO },
      { tableName: "T", sheet: "Sheet1", address: "Sheet1!A1:B2", headers: true },
      new Date(Date.UTC(2024, 5, 1)),
    );
    expect(binding.expiresAt).toBeUndefined();
  });
});
