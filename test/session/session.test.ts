import type { FetchLike } from "../../src/client";
import {
  type KeyStore,
  NOT_SIGNED_IN_MESSAGE,
  NotSignedInError,
  Session,
  isNotSignedInError,
  localDay,
  memorySettingsStore,
  memoryStringItem,
  setSharedSession,
  sharedSession,
} from "../../src/session";
import { FALLBACK_BASE_URL, defaultBaseUrl } from "../../src/session/shared-session";
import { billingPlan, readCredits } from "../../src/billing";

function memoryKeyStore(initial?: string): KeyStore & { value: string | undefined } {
  const store = {
    value: initial,
    get: async () => store.value,
    set: async (key: string) => {
      store.value = key;
    },
    clear: async () => {
      store.value = undefined;
    },
  };
  return store;
}

interface Seen {
  url: string;
  init: RequestInit;
}

function recordingFetch(respond: (url: string, init: RequestInit) => Response): FetchLike & { seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    seen.push({ url, init });
    return respond(url, init);
  };
  return Object.assign(fetch, { seen });
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const KEY = "sk-live-SECRET-0123456789";

describe("Session", () => {
  it("is signed out until a key is stored; client() then throws the typed error with the pane hint", () => {
    const session = new Session({ keyStore: memoryKeyStore(), defaultBaseUrl: "http://127.0.0.1:8787" });
    expect(session.signedIn).toBe(false);
    expect(() => session.client()).toThrow(NotSignedInError);
    expect(() => session.client()).toThrow(NOT_SIGNED_IN_MESSAGE);
    try {
      session.client();
    } catch (error) {
      expect(isNotSignedInError(error)).toBe(true);
      expect(isNotSignedInError(JSON.parse(JSON.stringify(error)))).toBe(true);
      expect(isNotSignedInError({ name: "NotSignedInError" })).toBe(false);
      expect((error as NotSignedInError).userMessage).toBe(NOT_SIGNED_IN_MESSAGE);
    }
  });

  it("load() reads the stored key and address", async () => {
    const settings = memorySettingsStore({ baseUrl: "https://api.example.com/" });
    const session = new Session({
      keyStore: memoryKeyStore(KEY),
      settingsStore: settings,
      defaultBaseUrl: FALLBACK_BASE_URL,
    });
    await session.load();
    expect(session.signedIn).toBe(true);
    expect(session.baseUrl).toBe("https://api.example.com");
  });

  it("a stored address that does not parse falls back to the default", async () => {
    const settings = memorySettingsStore({ baseUrl: "ftp://nope" });
    const session = new Session({ keyStore: memoryKeyStore(), settingsStore: settings, defaultBaseUrl: "http://h:1" });
    await session.load();
    expect(session.baseUrl).toBe("http://h:1");
  });

  it("signIn stores key and address, notifies listeners once, signOut forgets the key only", async () => {
    const keys = memoryKeyStore();
    const settings = memorySettingsStore();
    const session = new Session({ keyStore: keys, settingsStore: settings, defaultBaseUrl: FALLBACK_BASE_URL });
    const calls: boolean[] = [];
    const off = session.onChange(() => calls.push(session.signedIn));
    await session.signIn(`  ${KEY} `, "https://svc.example/");
    expect(keys.value).toBe(KEY);
    await expect(settings.get()).resolves.toEqual({ baseUrl: "https://svc.example" });
    expect(session.baseUrl).toBe("https://svc.example");
    await session.signIn(KEY); // same key, same address: no change, no event
    await session.signOut();
    expect(keys.value).toBeUndefined();
    expect(session.baseUrl).toBe("https://svc.example");
    expect(calls).toEqual([true, false]);
    off();
    await session.signIn(KEY);
    expect(calls).toEqual([true, false]);
  });

  it.each([
    ["empty key", "", undefined, /Enter an API key/],
    ["blank key", "   ", undefined, /Enter an API key/],
    ["not a URL", "k", "localhost:8787", /absolute http\(s\) URL|http or https/],
    ["not http", "k", "file:///etc/passwd", /http or https/],
    ["credentials in URL", "k", "https://u:p@h.example", /must not carry credentials/],
    ["query in URL", "k", "https://h.example/?api_key=x", /must not carry credentials, a query/],
  ])("signIn refuses %s", async (_n, key, baseUrl, message) => {
    const session = new Session({ keyStore: memoryKeyStore(), defaultBaseUrl: FALLBACK_BASE_URL });
    await expect(session.signIn(key, baseUrl)).rejects.toThrow(message);
    expect(session.signedIn).toBe(false);
  });

  it("client() is one instance per key and address, and a new one after either changes", async () => {
    const session = new Session({ keyStore: memoryKeyStore(KEY), defaultBaseUrl: FALLBACK_BASE_URL });
    await session.load();
    const first = session.client();
    expect(session.client()).toBe(first);
    await session.signIn("other-key-0000");
    expect(session.client()).not.toBe(first);
  });

  it("each change of key or address is a new generation, and ends the reads of the old client", async () => {
    const reads: AbortSignal[] = [];
    const fetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        reads.push(init.signal!);
        init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    const session = new Session({
      keyStore: memoryKeyStore(KEY),
      defaultBaseUrl: FALLBACK_BASE_URL,
      fetch,
      clientOptions: { retry: false },
    });
    await session.load();
    const loaded = session.generation;
    const old = session.client();
    const read = old.status("01JD8Z5K2W3X4Y5Z6A7B8C9D0E");
    read.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    await session.signIn(KEY, "http://127.0.0.2:8787");
    expect(session.generation).toBe(loaded + 1);
    await expect(read).rejects.toMatchObject({ code: "CANCELLED" });
    await expect(old.status("01JD8Z5K2W3X4Y5Z6A7B8C9D0E")).rejects.toMatchObject({ code: "CANCELLED" });
    expect(reads).toHaveLength(1);
    await session.signOut();
    expect(session.generation).toBe(loaded + 2);
    // Signing in again with what is already there changes nothing.
    await session.signIn(KEY);
    await session.signIn(KEY);
    expect(session.generation).toBe(loaded + 3);
  });

  it("the key travels in the X-Service-Api-Key header only: never in the URL or an error message", async () => {
    const fetch = recordingFetch(() => json({ error: "Invalid API key" }, 401));
    const session = new Session({
      keyStore: memoryKeyStore(KEY),
      defaultBaseUrl: "http://127.0.0.1:9",
      fetch,
      clientOptions: { retry: false },
    });
    await session.load();
    const error = (await session
      .client()
      .status("01HZX")
      .then(
        () => new Error("resolved"),
        (e: unknown) => e,
      )) as Error & { userMessage: string };
    expect(fetch.seen).toHaveLength(1);
    expect(fetch.seen[0]!.url).not.toContain(KEY);
    expect((fetch.seen[0]!.init.headers as Record<string, string>)["X-Service-Api-Key"]).toBe(KEY);
    expect(`${error.message} ${error.userMessage} ${error.stack ?? ""} ${JSON.stringify(error)}`).not.toContain(KEY);
  });

  it("a SQL text's run is counted as a run (its tier's price), as a saved query's is", async () => {
    const fetch = recordingFetch((url) =>
      url.includes("/sql/execute") ? json({ execution_id: "S1", state: "QUERY_STATE_PENDING" }) : json({ state: "x" }),
    );
    const session = new Session({ keyStore: memoryKeyStore(KEY), defaultBaseUrl: FALLBACK_BASE_URL, fetch });
    await session.load();
    await session.client().executeSql("select 1", { performance: "large" });
    expect(session.usage.snapshot()).toMatchObject({ executions: 1, executionCredits: 20, creditsSpent: 20 });
  });

  it("usage counts requests and the credits of accepted executions (medium 10, large 20)", async () => {
    const fetch = recordingFetch((url) =>
      url.includes("/execute") ? json({ execution_id: "E1", state: "QUERY_STATE_PENDING" }) : json({ state: "x" }),
    );
    const session = new Session({ keyStore: memoryKeyStore(KEY), defaultBaseUrl: FALLBACK_BASE_URL, fetch });
    await session.load();
    const client = session.client();
    const changes: number[] = [];
    session.usage.onChange((u) => changes.push(u.creditsSpent));
    await client.execute(1001);
    await client.execute(1001, { performance: "large" });
    await client.status("E1");
    session.usage.recordDatapoints(1200);
    expect(session.usage.snapshot()).toEqual({
      creditsSpent: 30,
      readCredits: 0,
      readBytes: 0,
      reads: 0,
      executionCredits: 30,
      executions: 2,
      datapointsFetched: 1200,
      requests: 3,
    });
    expect(changes).toContain(30);
    session.usage.reset();
    expect(session.usage.snapshot().requests).toBe(0);
  });

  it("reads are counted at their exact size on the user's plan, into the ledger under the workbook and local day", async () => {
    const page = JSON.stringify({
      execution_id: "E1",
      state: "QUERY_STATE_COMPLETED",
      is_execution_finished: true,
      result: { rows: [{ a: "x".repeat(5000) }], metadata: { column_names: ["a"], total_row_count: 1 } },
    });
    const pending = JSON.stringify({
      execution_id: "E2",
      state: "QUERY_STATE_EXECUTING",
      is_execution_finished: false,
    });
    const fetch = recordingFetch((url) => json(JSON.parse(url.includes("E2") ? pending : page)));
    const spending = memoryStringItem();
    const session = new Session({
      keyStore: memoryKeyStore(KEY),
      defaultBaseUrl: FALLBACK_BASE_URL,
      fetch,
      billingItem: memoryStringItem(JSON.stringify({ plan: "analyst" })),
      spendingItem: spending,
    });
    session.useWorkbook(() => "wb-1");
    await session.load();
    await session.client().results("E1");
    await session.client().results("E2"); // a run still going: its envelope is not billed
    const bytes = Buffer.byteLength(page);
    const credits = readCredits(bytes, billingPlan("analyst"));
    expect(session.usage.snapshot()).toMatchObject({ reads: 1, readBytes: bytes, readCredits: credits });
    const today = localDay(Date.now());
    expect(session.ledger.day("wb-1", today)).toMatchObject({ reads: credits, executions: 0 });
    await session.ledger.flush();
    // Another session of the same user (a reload) reads the same ledger.
    const later = new Session({
      keyStore: memoryKeyStore(KEY),
      defaultBaseUrl: FALLBACK_BASE_URL,
      spendingItem: spending,
    });
    await later.load();
    expect(later.ledger.day("wb-1", today).reads).toBe(credits);
  });

  it("an execution counts at its estimate, then at the cost its status reports; 0 while queued is no news", async () => {
    let status: Record<string, unknown> = {
      execution_id: "E1",
      state: "QUERY_STATE_PENDING",
      execution_cost_credits: 0,
    };
    const fetch = recordingFetch((url) =>
      url.includes("/execute") ? json({ execution_id: "E1", state: "QUERY_STATE_PENDING" }) : json(status),
    );
    const session = new Session({ keyStore: memoryKeyStore(KEY), defaultBaseUrl: FALLBACK_BASE_URL, fetch });
    session.useWorkbook(() => "wb-1");
    await session.load();
    await session.client().execute(1001, { performance: "medium" });
    await session.client().status("E1");
    expect(session.usage.snapshot().executionCredits).toBe(10);
    status = {
      execution_id: "E1",
      state: "QUERY_STATE_COMPLETED",
      is_execution_finished: true,
      execution_cost_credits: 12.34,
    };
    await session.client().status("E1");
    expect(session.usage.snapshot().executionCredits).toBe(12.34);
    expect(session.ledger.day("wb-1", localDay(Date.now())).executions).toBe(12.34);
    // The next run of the same query and tier is estimated at what this one cost.
    expect(session.estimateExecution(1001, "medium")).toBe(12.34);
  });

  it("a refused execution costs nothing", async () => {
    const fetch = recordingFetch(() => json({ error: "Query not found" }, 404));
    const session = new Session({ keyStore: memoryKeyStore(KEY), defaultBaseUrl: FALLBACK_BASE_URL, fetch });
    await session.load();
    await expect(session.client().execute(999)).rejects.toThrow();
    expect(session.usage.snapshot()).toMatchObject({ creditsSpent: 0, executions: 0, requests: 1 });
  });
});

describe("sharedSession", () => {
  afterEach(() => setSharedSession(undefined));

  it("is one instance per runtime, kept on globalThis", () => {
    const a = sharedSession();
    expect(sharedSession()).toBe(a);
    expect(a.baseUrl).toBe(FALLBACK_BASE_URL);
  });

  it("the build-time address falls back to the local service under jest", () => {
    expect(defaultBaseUrl()).toBe("http://127.0.0.1:8787");
  });

  it("setSharedSession lets tests and the playground install their own", () => {
    const mine = new Session({ keyStore: memoryKeyStore(), defaultBaseUrl: "http://x.example" });
    setSharedSession(mine);
    expect(sharedSession()).toBe(mine);
  });
});
