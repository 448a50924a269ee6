import type { FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import { sendEncoded } from "../../http-common";
import { refusals } from "../relay-errors";
import { PASSED_HEADERS, pick } from "../streamed-answer";
import { jsonOf, readWhole } from "../whole-answer";
import type { Gateway, Visit } from "./gateway";

/**
 * An execute's, a cancel's or a status's answer in gateway mode: read whole (a few hundred bytes), booked (the run's
 * owner and reservation, the cancel's audit entry, the run's reported cost), then passed on as the upstream sent it.
 * The booking comes first, so that the caller's next request (a status on another instance, a cancel) finds it.
 */
export async function gatewayAnswer(
  gateway: Gateway,
  visit: Visit,
  request: FastifyRequest,
  reply: FastifyReply,
  res: IncomingMessage,
): Promise<unknown> {
  const status = res.statusCode ?? 502;
  let body: Buffer;
  try {
    body = await readWhole(res);
  } catch {
    // No answer whole: an execute's run may have started, so its reservation is left to expire at its estimate.
    if (visit.route.kind !== "execute") await gateway.settle.unanswered(visit);
    throw refusals.upstreamUnreachable();
  }
  const json = jsonOf(body);
  if (visit.route.kind === "execute") await gateway.settle.executed(visit, status, json);
  else if (visit.route.kind === "cancel") await gateway.settle.cancelled(visit, status);
  else await gateway.settle.status(visit, status, json);
  const headers = pick(res.headers, PASSED_HEADERS);
  const contentType = headers["content-type"] ?? "application/octet-stream";
  delete headers["content-type"];
  return sendEncoded(request, reply.status(status), { contentType, headers, raw: body, encoded: {} });
}
