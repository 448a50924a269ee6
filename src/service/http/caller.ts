import type { FastifyRequest } from "fastify";
import type { Caller } from "../auth/keys";

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** The authenticated caller; the auth hook guarantees it on every /v1 route. */
export function callerOf(request: FastifyRequest): Caller {
  return request.caller as Caller;
}
