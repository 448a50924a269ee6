import { OfficeMockObject } from "office-addin-mock";
import { cacheStats, refreshFunctionCells } from "../../src/functions";
import { setFunctionsRuntime } from "../../src/functions/shared-runtime";
import { serviceResults } from "../../src/functions/functions";
import { FakeCustomFunctionsRuntime, installCustomFunctions } from "../../src/playground/custom-functions";
import { API_KEY_ITEM, SETTINGS_ITEM, setSharedSession, sharedSession } from "../../src/session";
import { type TestService, startTestService } from "../support/service";
import { errorOf, generatedMetadata, matrixOf } from "./support/harness";
import { executeAndWait } from "./support/service-runs";

/**
 * Startup as in Excel: Office and OfficeRuntime globals (office-addin-mock), the shared session reading the key
 * and address from OfficeRuntime.storage under the partition key, and functions.ts registered on CustomFunctions.
 */
describe("functions startup in the shared runtime", () => {
  let service: TestService;
  let metadata: Awaited<ReturnType<typeof generatedMetadata>>;
  const scope = globalThis as Record<string, unknown>;

  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
    await executeAndWait(service.url, service.apiKey, 1002);
  }, 60_000);
  afterAll(async () => service.close());
  afterEach(() => {
    setFunctionsRuntime(undefined);
    setSharedSession(undefined);
    delete scope.Office;
    delete scope.OfficeRuntime;
  });

  function host(partitionKey: string | undefined, stored: Record<string, string>) {
    const items = new Map(Object.entries(stored));
    // Office.context is a plain object in Office.js (no load/sync): the mock gives that behaviour for host "outlook".
    scope.Office = new OfficeMockObject({ context: { partitionKey } }, "outlook" as never);
    scope.OfficeRuntime = {
      storage: {
        getItem: async (key: string) => items.get(key) ?? null,
        setItem: async (key: string, value: string) => void items.set(key, value),
        removeItem: async (key: string) => void items.delete(key),
      },
    };
    const cf = new FakeCustomFunctionsRuntime(metadata);
    const uninstall = installCustomFunctions(cf);
    cf.associate("RESULTS", serviceResults);
    return { cf, items, uninstall };
  }

  it.each([
    ["Excel on the web (partition key)", "tenant-7", "tenant-7::"],
    ["Excel on Windows (no partition key)", undefined, ""],
  ])("%s: cells wait for the stored key and address, then work", async (_name, partitionKey, prefix) => {
    const { cf, uninstall } = host(partitionKey, {
      [`${prefix}${API_KEY_ITEM}`]: service.apiKey,
      [`${prefix}${SETTINGS_ITEM}`]: JSON.stringify({ baseUrl: service.url }),
    });
    try {
      const cell = cf.stream("RESULTS", [1002, "limit=2", "columns=trade_id", "headers=false"]);
      expect(matrixOf(await cell.result())).toEqual([[0], [1]]);
      expect(sharedSession().baseUrl).toBe(service.url);
      await expect(refreshFunctionCells()).resolves.toEqual({ cells: 1, requests: 1, failures: [], held: 0 });
      expect(cacheStats()).toMatchObject({ liveCells: 1, fetches: 2 });
    } finally {
      uninstall();
    }
  });

  it("a key stored for another partition is not this user's key", async () => {
    const { cf, uninstall } = host("tenant-7", { [`other::${API_KEY_ITEM}`]: service.apiKey });
    try {
      const error = errorOf(await cf.stream("RESULTS", [1002]).result());
      expect(error.message).toBe("Sign in from the Service task pane to use SERVICE functions");
    } finally {
      uninstall();
    }
  });
});
