import { ServiceClient, type ServiceClientOptions } from "../../../src/client";
import { type TestService, type TestServiceOptions, startTestService } from "../../support/service";

/** The real local service for one test file, and clients pointed at it. */
export function useService(options: TestServiceOptions = {}) {
  const state: { service?: TestService } = {};
  beforeAll(async () => {
    state.service = await startTestService(options);
  }, 60_000);
  afterAll(async () => {
    await state.service?.close();
  });
  return {
    get service(): TestService {
      if (!state.service) throw new Error("service not started");
      return state.service;
    },
    client(over: Partial<ServiceClientOptions> = {}): ServiceClient {
      const service = this.service;
      return new ServiceClient({ apiKey: service.apiKey, baseUrl: service.url, ...over });
    },
  };
}

/** Ids must be from, from+1, ... with no gap and no duplicate. */
export function expectConsecutiveIds(rows: unknown[][], from: number, count: number): void {
  expect(rows).toHaveLength(count);
  for (let i = 0; i < count; i++) {
    if (rows[i]![0] !== from + i)
      throw new Error(`row ${i} has id ${JSON.stringify(rows[i]![0])}, expected ${from + i}`);
  }
}
