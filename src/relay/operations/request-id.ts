import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** An id a load balancer or proxy put in front (`X-Request-Id`) is kept when it is a plain token, so logs join up. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Each request's id for the log line and the `X-Request-Id` answer header: the caller's, if plain, else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && GIVEN_ID.test(given) ? given : randomUUID();
}
