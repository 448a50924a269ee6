import { join } from "node:path";
import type { FetchLike } from "../../../src/client";
import { FunctionsRuntime, type FunctionsRuntimeOptions } from "../../../src/functions";
import { serviceDataset, serviceResults, serviceStatus } from "../../../src/functions/functions";
import { setFunctionsRuntime } from "../../../src/functions/shared-runtime";
import {
  CustomFunctionsError,
  FakeCustomFunctionsRuntime,
  type FakeStreamingInvocation,
  type FunctionsMetadata,
  installCustomFunctions,
} from "../../../src/playground/custom-functions";
import { type KeyStore, Session, memorySettingsStore } from "../../../src/session";
import { ManualClock } from "./manual-clock";

/** functions.json as custom-functions-metadata makes it from functions.ts (the build test checks the built one). */
export async function generatedMetadata(): Promise<FunctionsMetadata> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generateCustomFunctionsMetadata } = require("custom-functions-metadata") as {
    generateCustomFunctionsMetadata(inputs: string[], wantAssociations?: boolean): Promise<{ metadataJson: string; errors: string[] }>;
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
export function countingFetch(): FetchLike & { count: number; paths: string[]; reset(): void } {
  const state = { count: 0, paths: [] as string[] };
  const fetch: FetchLike = async (url, init) => {
    state.count++;
    state.paths.push(new URL(url).pathname);
    return globalThis.fetch(url, init);
  };
  return Object.assign(fetch, {
    get count() {
      return state.count;
    },
    get paths() {
      return state.paths;
    },
    reset() {
      state.count = 0;
      state.paths = [];
    },
  });
}

export interface Workbench {
  cf: FakeCustomFunctionsRuntime;
  session: Session;
  runtime: FunctionsRuntime;
  clock: ManualClock;
  fetch: ReturnType<typeof countingFetch>;
  /** Enters a SERVICE function in a "cell", with arguments as typed (Excel's coercion applied from functions.json). */
  cell<T = unknown[][]>(id: "DATASET" | "RESULTS" | "STATUS", ...args: unknown[]): FakeStreamingInvocation<T>;
  close(): void;
}

/** The fake CustomFunctions runtime with the real functions.ts registered, a session and a functions runtime. */
export function workbench(
  metadata: FunctionsMetadata,
  init: { baseUrl: string; apiKey?: string; runtime?: Partial<FunctionsRuntimeOptions> },
): Workbench {
  const cf = new FakeCustomFunctionsRuntime(metadata);
  const uninstall = installCustomFunctions(cf);
  // What the metadata plugin appends to functions.ts in the real build.
  cf.associate("DATASET", serviceDataset);
  cf.associate("RESULTS", serviceResults);
  cf.associate("STATUS", serviceStatus);
  const fetch = countingFetch();
  const session = new Session({
    keyStore: memoryKeyStore(init.apiKey),
    settingsStore: memorySettingsStore(),
    defaultBaseUrl: init.baseUrl,
    fetch,
    clientOptions: { retry: { maxAttempts: 2, maxRetryAfterMs: 0 } },
  });
  const clock = new ManualClock();
  const runtime = new FunctionsRuntime({ session, clock, ready: session.load(), ...init.runtime });
  setFunctionsRuntime(runtime);
  return {
    cf,
    session,
    runtime,
    clock,
    fetch,
    cell: <T>(id: "DATASET" | "RESULTS" | "STATUS", ...args: unknown[]) => cf.stream<T>(id, args),
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
  if (!(value instanceof CustomFunctionsError)) throw new Error(`cell shows a value, not an error: ${JSON.stringify(value)}`);
  return value;
}

/** Lets queued promise jobs and I/O run. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
