import {
  type FetchLike,
  InvalidArgumentError,
  type PagingParams,
  ServiceClient,
  type ServiceClientOptions,
} from "../client";
import { systemClock } from "../clock";
import { countingFetch } from "./counting-fetch";
import { type DatasetRead, readDataset } from "./dataset-reader";
import { DatasetRoutes, type RoutesItem } from "./dataset-routes";
import { fetchGatewayAccount, type GatewayAccount } from "./gateway-account";
import type { KeyStore } from "./key-store";
import { NotSignedInError } from "./not-signed-in-error";
import { type SettingsStore, memorySettingsStore } from "./settings-store";
import { UsageTracker } from "./usage-tracker";
import { userIdOf } from "./user-id";
import { CostMemory } from "./cost-memory";
import { SpendingLedger } from "./spending-ledger";
import { spendingObserver } from "./spending-observer";
import { UserBilling } from "./user-billing";
import { ReadMeter, type ReadMeterOptions } from "./read-meter";
import { type PerformanceChoice, type ReadEstimate, estimateAgain, estimateExecutionCredits } from "../billing";
import { type StringItem, memoryStringItem } from "./user-storage";

/** What the client takes besides key, address and fetch (timeouts, retry, concurrency, clock, log). */
export type SessionClientOptions = Partial<Omit<ServiceClientOptions, "apiKey" | "baseUrl" | "fetch">>;

export interface SessionOptions {
  keyStore: KeyStore;
  /** Where the service address is kept per user; memory when omitted. */
  settingsStore?: SettingsStore;
  defaultBaseUrl: string;
  fetch?: FetchLike;
  clientOptions?: SessionClientOptions;
  /** Where the datasets read through their saved queries are remembered (per user, per address); memory when omitted. */
  datasetRoutesItem?: RoutesItem;
  /** The user's plan and default cap per request (per user); memory when omitted. */
  billingItem?: StringItem;
  /** What reads and executions cost when last made (per user); memory when omitted. */
  costsItem?: StringItem;
  /** Credits spent per workbook and day (per user); memory when omitted. */
  spendingItem?: StringItem;
}

/** The address as the client will use it, or an InvalidArgumentError that says what is wrong. */
export function normaliseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(String(text).trim());
  } catch {
    throw new InvalidArgumentError(`The service address must be an absolute http(s) URL; got "${String(text)}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InvalidArgumentError(`The service address must use http or https; got "${url.protocol}"`);
  }
  if (url.username || url.password || url.search || url.hash) {
    // Credentials or a query in the address would end up in every request URL, and so in logs.
    throw new InvalidArgumentError("The service address must not carry credentials, a query or a fragment");
  }
  return url.toString().replace(/\/+$/, "");
}

/**
 * The shared runtime's session: the key, the service address, one client for both, and usage counters.
 * Functions and pane share it, so signing in from the pane makes every SERVICE cell work. A change of key or
 * address starts a new generation: the old client's reads are aborted and its answers are not delivered.
 */
export class Session {
  readonly usage = new UsageTracker();
  /** The user's plan and default cap per request (Account). */
  readonly billing: UserBilling;
  /** The last size of each read and cost of each query's runs: the next estimate of the same thing. */
  readonly costs: CostMemory;
  /** Credits spent per workbook and local day, automatic spending apart (the workbook's daily budget holds that). */
  readonly ledger: SpendingLedger;
  /** The open workbook's id, where spending is booked (set by whoever reads the document's settings). */
  #workbookId: () => string | undefined = () => undefined;
  /** Datasets whose endpoint is gone, per service address, and the saved query that answers for each. */
  readonly datasetRoutes: DatasetRoutes;
  readonly #keyStore: KeyStore;
  readonly #settingsStore: SettingsStore;
  readonly #defaultBaseUrl: string;
  readonly #fetch: FetchLike;
  /** The fetch given, uncounted: for asking a gateway who the key is (not an API request). */
  readonly #plainFetch: FetchLike;
  readonly #clientOptions: SessionClientOptions;
  readonly #listeners = new Set<() => void>();
  #key: string | undefined;
  #baseUrl: string;
  #client: ServiceClient | undefined;
  #generation = 0;
  /** Aborted when the key or the address changes: it ends the reads of the client made for them. */
  #reads = new AbortController();
  /** The signed-in key's one-way identity, worked out once per generation. */
  #userId: { generation: number; id: Promise<string | undefined> } | undefined;

  constructor(options: SessionOptions) {
    this.#keyStore = options.keyStore;
    this.datasetRoutes = new DatasetRoutes(options.datasetRoutesItem);
    this.#settingsStore = options.settingsStore ?? memorySettingsStore();
    this.#defaultBaseUrl = normaliseBaseUrl(options.defaultBaseUrl);
    this.#baseUrl = this.#defaultBaseUrl;
    this.#fetch = countingFetch(options.fetch, this.usage);
    this.billing = new UserBilling(options.billingItem ?? memoryStringItem());
    this.costs = new CostMemory(options.costsItem ?? memoryStringItem());
    this.ledger = new SpendingLedger(options.spendingItem ?? memoryStringItem());
    this.#plainFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    // apiKey/baseUrl/fetch are stripped even if a caller passes them untyped: the session owns those three.
    const {
      apiKey: _k,
      baseUrl: _b,
      fetch: _f,
      ...rest
    } = (options.clientOptions ?? {}) as Partial<ServiceClientOptions>;
    this.#clientOptions = rest;
  }

  get signedIn(): boolean {
    return this.#key !== undefined;
  }

  get baseUrl(): string {
    return this.#baseUrl;
  }

  /**
   * Counts changes of key or address (sign-in, sign-out, another key or service). Whatever was fetched for one
   * generation is dropped if it arrives in another: it may be another key's data.
   */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Who is signed in, as a one-way hash of the key (never the key): what per-user stores are partitioned by, since
   * `Office.context.partitionKey` is undefined on Windows. Undefined when signed out (or without WebCrypto).
   */
  userId(): Promise<string | undefined> {
    if (this.#userId?.generation !== this.#generation) {
      const key = this.#key;
      this.#userId = {
        generation: this.#generation,
        id: key === undefined ? Promise.resolve(undefined) : userIdOf(key),
      };
    }
    return this.#userId.id;
  }

  /** The session's time (the client's clock): local days of the ledger, ages of results. */
  now(): number {
    return (this.#clientOptions.clock ?? systemClock).now();
  }

  /** Where spending is booked from now on: the open workbook's id (its document settings keep it). */
  useWorkbook(workbookId: () => string | undefined): void {
    this.#workbookId = workbookId;
  }

  workbookId(): string | undefined {
    return this.#workbookId();
  }

  /**
   * Reads the stored key and address (and the user's plan, costs and spending). A stored address that no longer
   * parses falls back to the default.
   */
  async load(): Promise<void> {
    const [key, settings] = await Promise.all([
      this.#keyStore.get(),
      this.#settingsStore.get(),
      this.billing.load(),
      this.costs.load(),
      this.ledger.load(),
    ]);
    let baseUrl = this.#defaultBaseUrl;
    if (settings?.baseUrl) {
      try {
        baseUrl = normaliseBaseUrl(settings.baseUrl);
      } catch {
        // keep the default
      }
    }
    this.#set(key?.trim() ? key.trim() : undefined, baseUrl);
  }

  /** The client for the current key and address; the same instance until either changes. */
  client(): ServiceClient {
    if (this.#key === undefined) throw new NotSignedInError();
    this.#client ??= new ServiceClient({
      ...this.#clientOptions,
      apiKey: this.#key,
      baseUrl: this.#baseUrl,
      fetch: this.#fetch,
      signal: this.#reads.signal,
      observer: spendingObserver({
        usage: this.usage,
        ledger: this.ledger,
        costs: this.costs,
        billing: this.billing,
        now: () => this.now(),
        baseUrl: () => this.#baseUrl,
        workbookId: () => this.#workbookId(),
      }),
    });
    return this.#client;
  }

  /**
   * A curated dataset's pages with the current client: from its endpoint, or from the saved query behind it where
   * the endpoint is gone (see readDataset); `origin()` says which once the first page is in.
   */
  readDataset(
    source: { dataset: string; args?: readonly string[] },
    params: PagingParams = {},
    now: () => number = () => Date.now(),
  ): DatasetRead {
    return readDataset(
      { client: this.client(), routes: this.datasetRoutes, baseUrl: this.#baseUrl, now },
      source,
      params,
    );
  }

  /**
   * A read priced as it goes (see ReadMeter): the user's plan, the read's last size at this address, `capCredits`
   * (the most it may spend: a cell's max_credits, the user's default otherwise), and a budget for automatic reads.
   */
  meterRead(
    requestKey: string,
    options: Pick<ReadMeterOptions, "capCredits" | "where" | "budget" | "limit" | "preview">,
  ): ReadMeter {
    return new ReadMeter({
      ...options,
      plan: this.billing.settings.plan,
      costs: this.costs,
      baseUrl: this.#baseUrl,
      requestKey,
      now: () => this.now(),
    });
  }

  /** What the same read cost last time at this address, on the user's plan now; undefined when never made. */
  estimateRead(requestKey: string): ReadEstimate | undefined {
    const known = this.costs.read(this.#baseUrl, requestKey);
    return known ? estimateAgain(known, this.billing.settings.plan) : undefined;
  }

  /** What a run of this query on this tier is expected to cost: its last reported cost here, else the tier's price. */
  estimateExecution(queryId: number, performance: PerformanceChoice): number {
    return estimateExecutionCredits({
      performance,
      lastCost: this.costs.execution(this.#baseUrl, queryId, performance),
    });
  }

  /** Stores the key (and address). Validation against the service is the pane's call (a status or cheap request). */
  async signIn(key: string, baseUrl?: string): Promise<void> {
    const trimmed = typeof key === "string" ? key.trim() : "";
    if (trimmed === "") throw new InvalidArgumentError("Enter an API key");
    const address = baseUrl === undefined ? this.#baseUrl : normaliseBaseUrl(baseUrl);
    await this.#keyStore.set(trimmed);
    await this.#settingsStore.set({ baseUrl: address });
    this.#set(trimmed, address);
  }

  /**
   * Who the key is when the address is a team gateway (its `GET /gateway/me`), with what is left of their budgets;
   * undefined when signed out, or when the address is not a gateway.
   */
  async gatewayAccount(): Promise<GatewayAccount | undefined> {
    if (this.#key === undefined) return undefined;
    return fetchGatewayAccount(this.#plainFetch, this.#baseUrl, this.#key, this.#reads.signal);
  }

  /** Forgets the key; the address stays, it is not a secret. */
  async signOut(): Promise<void> {
    await this.#keyStore.clear();
    this.#set(undefined, this.#baseUrl);
  }

  /** Called after every change of key or address (not of usage: see `usage.onChange`). Returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(key: string | undefined, baseUrl: string): void {
    if (key === this.#key && baseUrl === this.#baseUrl) return;
    this.#key = key;
    this.#baseUrl = baseUrl;
    this.#client = undefined;
    this.#generation++;
    // Reads in flight for the old key or address end now (a run's execute or cancel already asked for still goes).
    this.#reads.abort();
    this.#reads = new AbortController();
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // One failing listener must not keep the others (cells, pane) on the old key.
      }
    }
  }
}
