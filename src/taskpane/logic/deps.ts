import type { FileShownSource } from "./file-shown-source";
import type { FetchLike, PagingParams, QueryParameterValue, ServiceClient, ServiceClientOptions } from "../../client";
import type { Clock } from "../../clock";
import type { PerformanceChoice } from "../../billing";
import type { ExcelRun, SettingsLike } from "../../excel";
import type { QueryDeclaration, RefreshPlanItem } from "../../functions";
import type { ResultSource } from "../../service-cells";
import type {
  DatasetRead,
  DaySpending,
  GatewayAccount,
  ReadMeter,
  ReadMeterOptions,
  UsageSnapshot,
  UserBillingSettings,
} from "../../session";
import type { PerformanceChoice as Tier, ReadEstimate } from "../../billing";
import type { StartupBehaviorApi } from "./open-behaviour";
import type { NotLoadedSource } from "./not-loaded-source";
import type { QueryReportSource } from "./report-source";

/**
 * What the pane's logic needs from the session. `Session` from src/session fits; tests and the playground may
 * pass their own. Kept narrow so controllers never reach the key store directly.
 */
export interface PaneSession {
  readonly signedIn: boolean;
  readonly baseUrl: string;
  /** Bumped by every change of key or address: work started in an older generation belongs to another session. */
  readonly generation: number;
  load(): Promise<void>;
  /** Throws NotSignedInError without a key. */
  client(): ServiceClient;
  /** A curated dataset's pages: its endpoint's, or its saved query's where the endpoint is gone (see Session). */
  readDataset(
    source: { dataset: string; args?: readonly string[] },
    params?: PagingParams,
    now?: () => number,
  ): DatasetRead;
  signIn(key: string, baseUrl?: string): Promise<void>;
  signOut(): Promise<void>;
  onChange(listener: () => void): () => void;
  /** Who the key is at a team gateway (undefined elsewhere); optional for sessions that never reach one. */
  gatewayAccount?(): Promise<GatewayAccount | undefined>;
  readonly usage: {
    snapshot(): UsageSnapshot;
    recordDatapoints(count: number): void;
    onChange(listener: (usage: UsageSnapshot) => void): () => void;
  };
  /** The user's plan and default cap per request (Account), kept per user. */
  readonly billing: {
    readonly settings: UserBillingSettings;
    set(settings: UserBillingSettings): Promise<void>;
    onChange(listener: (settings: UserBillingSettings) => void): () => void;
  };
  /** Credits the user spent per workbook and day. */
  readonly ledger: {
    day(workbookId: string, day: string): DaySpending;
    days(workbookId: string): { day: string; spending: DaySpending }[];
    onChange(listener: () => void): () => void;
  };
  /** The open workbook's id (set by the functions from its document settings); undefined without them. */
  workbookId(): string | undefined;
  now(): number;
  /** A read priced as it goes: refused over its cap, counted page by page, its size remembered. */
  meterRead(
    requestKey: string,
    options: Pick<ReadMeterOptions, "capCredits" | "where" | "budget" | "limit" | "preview">,
  ): ReadMeter;
  /** What the same read cost last time here, on the user's plan; undefined when never made. */
  estimateRead(requestKey: string): ReadEstimate | undefined;
  estimateExecution(queryId: number, performance: Tier): number;
}

/** One per-user stored string (history). Same storage as the session's key, never the document. */
export interface UserItem {
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
}

/** Everything the pane's controllers depend on; `bootTaskpane` builds it from the Office globals. */
export interface PaneDeps {
  session: PaneSession;
  /** The session's stored key and address being read (sharedSessionReady()); default: `session.load()`. */
  ready?: Promise<unknown>;
  /** `Excel.run`, or the playground's emulation. */
  run: ExcelRun;
  /** `Office.context.document.settings`: table bindings and per-workbook usage. */
  settings: SettingsLike;
  /** Per-user storage for recent executions. */
  historyItem: UserItem;
  /** Time as the pane sees it (the client's clock): injected so tests drive elapsed-time ticks and timestamps. */
  clock: Clock;
  /**
   * The custom functions' Refresh All (SERVICE.* cells); absent when the functions bundle is not loaded. `ribbon` and
   * `open` fetch only within the workbook's automatic budget.
   */
  refreshFunctions?: (reason?: "manual" | "open" | "ribbon") => Promise<unknown>;
  /** Where the SERVICE result anchored at a cell came from, as the functions showed it (the Report tab's Snapshot). */
  resultSourceAt?: (sheet: string, row: number, column: number) => ResultSource | undefined;
  /** What each SERVICE cell request a Refresh All would fetch is expected to cost (for its confirmation). */
  refreshPlan?: () => RefreshPlanItem[];
  /** Remembers a completed run in the workbook, so SERVICE.QUERY cells with the same inputs show it. */
  recordQueryRun?: (
    queryId: number,
    parameters: Record<string, QueryParameterValue>,
    performance: PerformanceChoice,
    run: { executionId: string; finishedAt: number; expiresAt?: number },
  ) => void;
  /**
   * A saved query's declared parameters for the Query tab's form: the functions' shared answers (one request per
   * query id for cells and pane); absent, the pane asks through the session itself.
   */
  describeQuery?: (queryId: number) => Promise<QueryDeclaration>;
  /** The SERVICE.QUERY cells' report, runs and budget (absent when the functions bundle is not loaded). */
  queryReport?: QueryReportSource;
  /** SERVICE cells whose data is not loaded, and their one button (absent when the functions bundle is not loaded). */
  notLoaded?: NotLoadedSource;
  /** SERVICE cells showing the values the file held as it opened, with their age (absent without the functions). */
  fileShown?: FileShownSource;
  /** `Office.addin`'s startup behaviour (absent where the host lacks SharedRuntime 1.1). */
  addin?: StartupBehaviorApi;
  /** The Office platform ("PC", "Mac", "OfficeOnline", …); default `Office.context.diagnostics.platform`. */
  platform?: () => string | undefined;
  /** Used only for the throw-away client that checks a key before it is stored. */
  fetch?: FetchLike;
  /** Options of the key-check client (timeouts in tests). */
  checkClientOptions?: Partial<Omit<ServiceClientOptions, "apiKey" | "baseUrl">>;
}
