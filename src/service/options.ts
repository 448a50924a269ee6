import type { PerformanceTier } from "../billing";
import type { Clock } from "../clock";
import type { ApiKeyRecord } from "./auth/keys";
import type { SavedQuery } from "./queries/saved-query";

/** Everything the local service can be configured with. Flags and environment variables map onto this. */
export interface ServiceOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  dataDir: string;
  queries: SavedQuery[];
  keys: ApiKeyRecord[];
  clock: Clock;
  /** Requests per minute per key, all requests; 0 = off. */
  rateLimitPerMinute: number;
  /** Reads (GET) per minute per key, as the real service limits them apart from writes; 0 = off. */
  rateLimitRead: number;
  /** Writes (POST: execute, cancel) per minute per key; 0 = off. */
  rateLimitWrite: number;
  /** A stored result larger than this is truncated in storage (COMPLETED_PARTIAL). */
  maxResultBytes: number;
  /** The curated snapshots kept on disk together; beyond it the oldest superseded ones expire early. */
  maxSnapshotBytes: number;
  /** The address callers use (behind a proxy, say); paging links point there. Default: the bound address. */
  publicUrl?: string;
  /** Origins allowed by CORS. */
  corsOrigins: (string | RegExp)[];
  /** Engine threads for each tier's execution slot. */
  threads: { medium: number; large: number };
  /** Concurrent executions per tier (small runs on the medium engine instance, with slots of its own). */
  slots: Record<PerformanceTier, number>;
  /** Executions of one key that may run at once; more wait PENDING, their status saying why. 0 = no limit. */
  maxInflight: number;
  /** Make the curated datasets (their snapshots, readable as their queries' latest results). */
  datasets: boolean;
  /** Serve the curated datasets' own endpoints (E6–E11); off, they answer 404 like any unknown route. */
  curatedEndpoints: boolean;
  /** How long SQL text (`/v1/sql/execute`) may run before it is stopped and fails; default 5 minutes. */
  sqlTimeLimitMs?: number;
  /** The most one insert into an uploaded table may send; default the real service's 1.2 GB. */
  maxInsertBytes?: number;
  /** Storage each namespace's uploads may take, in place of its plan's allowance (uploads/upload-rules.ts). */
  uploadStorageBytes?: number;
  log: (line: string) => void;
}
