import type { FastifyInstance } from "fastify";
import type { Person } from "../../team-store";
import type { Caller, ForwardedRequest, ForwardingPolicy, OwnGet, Passage } from "../forwarding-policy";
import type { BodyCount } from "../streamed-answer";
import type { Gateway, Visit } from "./gateway";
import { registerGatewayRoutes } from "./gateway-routes";
import { readOutcome } from "./read-outcome";

/**
 * Forwarding in gateway mode: the caller must be a person (a personal token); everyone shares the team's access
 * upstream, so the team's key is the only key that goes there, and authorisations for cached pages are the team's.
 * A request is admitted by the gateway (owner, pace, budget) and its answer booked by it.
 */
export class GatewayPolicy implements ForwardingPolicy {
  /** Settlements of reads still being booked (they follow the answer): finished before the gateway stops. */
  readonly #settling = new Set<Promise<void>>();

  constructor(private readonly gateway: Gateway) {}

  install(app: FastifyInstance, get: OwnGet): void {
    registerGatewayRoutes(app, this.gateway);
    this.gateway.connect((target) => get(target, this.gateway.teamKey.reveal()));
  }

  async authenticate(credential: string | undefined): Promise<Caller> {
    const { gateway } = this;
    const person = await gateway.person(credential);
    return {
      logFields: { person: person.name },
      upstreamKey: gateway.teamKey.reveal(),
      // An upstream that echoes a request's headers would hand the team's key to the person.
      hidden: gateway.teamKey.reveal(),
      // An authorisation asked of the upstream is a request like any other: paced as the person's.
      paceAuthorization: () => gateway.pace(person, "read"),
      auditCacheHit: (executionId, bytes) => gateway.cacheHit(person, executionId, bytes),
      reserve: (request) => this.#admit(person, request),
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.#settling]);
    await this.gateway.close();
  }

  async #admit(person: Person, request: ForwardedRequest): Promise<Passage> {
    const { route, path, params, query, body, bodyBytes } = request;
    const visit = await this.gateway.admit(person, route, path, params, query, body, bodyBytes);
    const { settle } = this.gateway;
    // An execute's, a cancel's, a status's or an upload's answer is read whole: the gateway must know the run's id or
    // cost, or the bytes an upload wrote.
    const whole = route.kind !== "read" && route.kind !== "free";
    return {
      query: visit.upstreamQuery,
      unanswered: () => settle.unanswered(visit),
      whole: whole
        ? {
            settle: (status, json) => {
              if (route.kind === "execute") return settle.executed(visit, status, json);
              if (route.kind === "cancel") return settle.cancelled(visit, status);
              if (route.kind === "upload") return settle.uploaded(visit, status, json);
              return settle.status(visit, status, json);
            },
            // No answer whole: an execute's run may have started, so its reservation is left to expire at its
            // estimate.
            brokenOff: async () => {
              if (route.kind !== "execute" && route.kind !== "upload") await settle.unanswered(visit);
            },
          }
        : undefined,
      counted: !whole && visit.reservation ? (count) => this.#settleRead(visit, count) : undefined,
    };
  }

  /** A read is booked by what passed of its body, after the answer: the relay's stop waits for it. */
  #settleRead(visit: Visit, count: BodyCount): void {
    const done = this.gateway.settle.read(visit, readOutcome(count)).catch((error: unknown) => {
      this.gateway.config.log(JSON.stringify({ gateway: "read not settled", error: (error as Error).message }));
    });
    this.#settling.add(done);
    void done.finally(() => this.#settling.delete(done));
  }
}
