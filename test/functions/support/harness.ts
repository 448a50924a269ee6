import { join } from "node:path";
import type { FetchLike } from "../../../src/client";
import { FunctionsRuntime } from "../../../src/functions";
import { type FunctionsRuntimeOptions } from "../../../src/functions/runtime";
import {
  serviceDataset,
  serviceQuery,
  serviceResults,
  serviceSource,
  serviceStatus,
} from "../../../src/functions/functions";
import { setFunctionsRuntime } from "../../../src/functions/shared-runtime";
import {
  CustomFunctionsError,
  FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
  type FunctionsMetadata,
  type InvocationContext,
  installCustomFunctions,
} from "../../../src/playground/custom-functions";
import { type KeyStore, Session, type StringItem, memorySettingsStore, memoryStringItem } from "../../../src/session";
import { ManualClock } from "../../support/manual-clock";
import { settle } from "../../support/wait-for";

// Tests of the functions wait with the one helper every test uses.
export { settle, waitFor } from "../../support/wait-for";

/** functions.json as custom-functions-metadata makes it from functions.ts (the build test checks the built one). */
export async function generatedMetadata(): Promise<FunctionsMetadata> {
  const { generateCustomFunctionsMetadata } = require("custom-functions-metadata") as {
    generateCustomFunctionsMetadata(
      inputs: string[],
      wantAssociations?: boolean,
    ): Promise<{ metadataJson: string; errors: string[] }>;
  };
  const result = await generateCustomFunctionsMetadata([join(__dirname, "../../../src/functions/functions.ts")], true);
  if (result.errors.length > 0) throw new Error(result.errors.join("\n"));
  return JSON.parse(result.metadataJson) as FunctionsMetadata;
}

export function memoryKeyStore(initial?: string): KeyStore {
  let value = initial;
  return {
    get: async () => value,
    set: async (key) => {
      value = key;
    },
    clear: async () => {
      value = undefined;
    },
  };
}

/** A fetch that counts what reaches the network, by path. */
export function recordingFetch(inner?: FetchLike): FetchLike & { count: number; paths: string[]; reset(): void } {
  const state = { count: 0, paths: [] as string[] };
  const fetch: FetchLike = async (url, init) => {
    state.count++;
    state.paths.push(new URL(url).pathname);
    return inner ? inner(url, init) : globalThis.fetch(url, init);
  };
  // defineProperties, not Object.assign: assign would copy the getters' current values once.
  return Object.defineProperties(fetch, {
    count: { get: () => state.count },
    paths: { get: () => state.paths },
    reset: {
      value: () => {
        state.count = 0;
        state.paths = [];
      },
    },
  }) as FetchLike & { count: number; paths: string[]; reset(): void };
}

export interface Workbench {
  cf: FakeCustomFunctionsRuntime;
  session: Session;
  runtime: FunctionsRuntime;
  clock: ManualClock;
  fetch: ReturnType<typeof recordingFetch>;
  /** Enters a SERVICE function in a "cell", with arguments as typed (Excel's coercion applied from functions.json). */
  cell<T = unknown[][]>(id: "DATASET" | "RESULTS" | "STATUS" | "QUERY", ...args: unknown[]): FakeStreamingInvocation<T>;
  /**
   * Enters a SERVICE function in the cell at `address` ("Sheet1!A3"), as Excel does for a function that asks for
   * its address. Entering it again there with other inputs is what Excel does when an input cell changes: the old
   * invocation is cancelled and a new one made (call `.cancel()` on the old one first, as Excel does).
   */
  cellAt<T = unknown[][]>(address: string, id: "QUERY", ...args: unknown[]): FakeStreamingInvocation<T>;
  /** Enters a function with what Excel tells its invocation: its address, its arguments' addresses. */
  cellIn<T = unknown[][]>(context: InvocationContext, id: string, ...args: unknown[]): FakeStreamingInvocation<T>;
  close(): void;
}

/** The fake CustomFunctions runtime with the real functions.ts registered, a session and a functions runtime. */
/**
 * One user's storage (OfficeRuntime.storage in Excel): their plan, what reads and runs cost them last, and their
 * spending per workbook and day. It outlives a reload of the add-in (a new workbench given the same user).
 */
export class TestUser {
  readonly billing: StringItem = memoryStringItem();
  readonly costs: StringItem = memoryStringItem();
  readonly spending: StringItem = memoryStringItem();
}

export function workbench(
  metadata: FunctionsMetadata,
  init: {
    baseUrl: string;
    apiKey?: string;
    runtime?: Partial<FunctionsRuntimeOptions>;
    fetch?: FetchLike;
    /** The user's storage (default: a new user's, empty). */
    user?: TestUser;
    clock?: ManualClock;
  },
): Workbench {
  const cf = new FakeCustomFunctionsRuntime(metadata);
  const uninstall = installCustomFunctions(cf);
  // What the metadata plugin appends to functions.ts in the real build.
  cf.associate("DATASET", serviceDataset);
  cf.associate("RESULTS", serviceResults);
  cf.associate("STATUS", serviceStatus);
  cf.associate("QUERY", serviceQuery);
  cf.associate("SOURCE", serviceSource);
  const fetch = recordingFetch(init.fetch);
  const user = init.user ?? new TestUser();
  const session = new Session({
    keyStore: memoryKeyStore(init.apiKey),
    settingsStore: memorySettingsStore(),
    defaultBaseUrl: init.baseUrl,
    fetch,
    clientOptions: { retry: { maxAttempts: 2, maxRetryAfterMs: 0 } },
    billingItem: user.billing,
    costsItem: user.costs,
    spendingItem: user.spending,
  });
  const clock = init.clock ?? new ManualClock();
  const runtime = new FunctionsRuntime({ session, clock, ready: session.load(), ...init.runtime });
  setFunctionsRuntime(runtime);
  return {
    cf,
    session,
    runtime,
    clock,
    fetch,
    cell: <T>(id: "DATASET" | "RESULTS" | "STATUS" | "QUERY", ...args: unknown[]) => cf.stream<T>(id, args),
    cellAt: <T>(address: string, id: "QUERY", ...args: unknown[]) => cf.stream<T>(id, args, address),
    cellIn: <T>(context: InvocationContext, id: string, ...args: unknown[]) => cf.stream<T>(id, args, context),
    close: () => {
      cf.cancelAll();
      setFunctionsRuntime(undefined);
      uninstall();
    },
  };
}

/** The cell's value, failing the test with the error's text when it is an error. */
export function matrixOf(value: unknown): unknown[][] {
  if (value instanceof CustomFunctionsError) throw new Error(`cell shows ${value.code} ${value.message ?? ""}`);
  return value as unknown[][];
}

export function errorOf(value: unknown): CustomFunctionsError {
  if (!(value instanceof CustomFunctionsError))
    throw new Error(`cell shows a value, not an error: ${JSON.stringify(value)}`);
  return value;
}

/** Moves the runtime's clock a step at a time (status polls fire) until `done()`, waiting for real I/O between steps. */
export async function until(bench: Workbench, done: () => boolean, stepMs = 1000, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
    bench.clock.advance(stepMs);
    await settle();
  }
}

/** Execute requests the bench's functions have sent to the service. */
export function executesSent(bench: Workbench): number {
  return bench.fetch.paths.filter((p) => p.endsWith("/execute")).length;
}

/**
 * A document's settings as Office keeps them: a name never set reads null, a value is stored as its JSON (a copy),
 * and they outlive a reload of the add-in (a new workbench given the same document's `settings`).
 */
export class TestDocument {
  readonly values = new Map<string, unknown>();
  readonly settings = () => ({
    get: (name: string): unknown => this.values.get(name) ?? null,
    set: (name: string, value: unknown): void => void this.values.set(name, JSON.parse(JSON.stringify(value))),
  });
}
