import type { FastifyInstance } from "fastify";
import type { ApiRoute } from "./api-routes";
import type { BodyCount } from "./streamed-answer";

/**
 * What the relay does around forwarding that depends on who may use it: who the caller is, which key goes upstream,
 * what a request must hold before it goes (pace, budget, ownership), and how its answer is booked. The plain relay
 * passes the caller's own key through (`passThrough`); the gateway's policy is the team's (`relay/gateway`).
 */
export interface ForwardingPolicy {
  /** Set up once as the relay is built: the policy's own routes, and how it sends its own GETs upstream. */
  install(app: FastifyInstance, get: OwnGet): void;
  /** The caller behind a request's credential (header or `api_key`), or the refusal, thrown. */
  authenticate(credential: string | undefined): Promise<Caller>;
  /** As the relay stops, after the requests in flight: what is still being booked is finished. */
  close(): Promise<void>;
}

/** A GET the policy sends upstream itself, with the key it chooses, its answer read whole. */
export type OwnGet = (target: string, key: string) => Promise<{ status: number; body: Buffer }>;

/** One authenticated caller, for the one request it made. */
export interface Caller {
  /** Fields the relay's log line carries for the caller (never a key). */
  readonly logFields: Readonly<Record<string, string>>;
  /** The key that goes upstream (none: the request goes without one, and no cached page is served). */
  readonly upstreamKey: string | undefined;
  /**
   * A secret the caller must never see in an answer (the gateway's team key): taken out of every upstream header and
   * body passed on. None in the plain relay, where the key upstream is the caller's own.
   */
  readonly hidden?: string;
  /**
   * Before the relay asks the upstream whether the key may read an execution it has a cached page of: a refusal
   * (thrown) means the cached page is not served, and the request goes upstream as any other.
   */
  paceAuthorization(): Promise<void>;
  /** A page was served from the relay's cache: nothing reached the upstream. */
  auditCacheHit(executionId: string, bytes: number): Promise<void>;
  /** Lets the request go upstream (what it holds, e.g. a reservation, kept in the passage) or throws the refusal. */
  reserve(request: ForwardedRequest): Promise<Passage>;
}

/** A request on its way upstream, as the relay parsed it. */
export interface ForwardedRequest {
  route: ApiRoute;
  /** The upstream path (no query). */
  path: string;
  params: Record<string, string>;
  /** The query's parameters as given (no key). */
  query: ReadonlyMap<string, string>;
  /** A POST's body read whole (none for a streamed body). */
  body: Buffer | undefined;
  /** A streamed body's declared length (`Content-Length`; none when it is sent in chunks). */
  bodyBytes?: number;
}

/** A request let through: how its answer is settled. */
export interface Passage {
  /** The query's parameters that go upstream instead of the caller's (the gateway's cap on a read: see `capRead`). */
  readonly query?: ReadonlyMap<string, string>;
  /** The upstream could not be reached: nothing was answered. */
  unanswered(): Promise<void>;
  /**
   * Set when the answer is read whole and settled before it is passed on: then it is not stopped when the caller
   * leaves (the policy must know what it said).
   */
  readonly whole?: WholeSettlement;
  /** Set when a streamed answer is settled by what passed of its body, once it has ended or was cut off. */
  readonly counted?: (count: BodyCount) => void;
}

export interface WholeSettlement {
  /** The whole answer, its body as JSON when it is JSON. */
  settle(status: number, json: unknown): Promise<void>;
  /** The answer broke off before it was whole. */
  brokenOff(): Promise<void>;
}

const passedThrough: Passage = { unanswered: async () => undefined };

/** The plain relay: the caller's own key goes upstream, and nothing is held or booked. */
export const passThrough: ForwardingPolicy = {
  install: () => undefined,
  authenticate: async (credential) => ({
    logFields: {},
    upstreamKey: credential,
    paceAuthorization: async () => undefined,
    auditCacheHit: async () => undefined,
    reserve: async () => passedThrough,
  }),
  close: async () => undefined,
};
