import type { FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import { sendEncoded } from "../http-common";
import type { WholeSettlement } from "./forwarding-policy";
import { refusals } from "./relay-errors";
import type { Redactor } from "./redaction";
import { passedHeaders } from "./streamed-answer";
import { jsonOf, readWhole } from "./whole-answer";

/**
 * An answer the policy must know before it is passed on (in gateway mode an execute's, a cancel's or a status's: a
 * few hundred bytes): read whole, settled, then passed on as the upstream sent it. The settling comes first, so
 * that the caller's next request (a status on another instance, a cancel) finds it booked.
 */
export async function sendSettled(
  settlement: WholeSettlement,
  request: FastifyRequest,
  reply: FastifyReply,
  res: IncomingMessage,
  redact?: Redactor,
): Promise<unknown> {
  const status = res.statusCode ?? 502;
  let body: Buffer;
  try {
    body = await readWhole(res);
  } catch {
    await settlement.brokenOff();
    throw refusals.upstreamUnreachable();
  }
  // Settled on what the service said; passed on without the secret.
  await settlement.settle(status, jsonOf(body));
  if (redact) body = redact.body(body);
  const headers = passedHeaders(res.headers, redact);
  const contentType = headers["content-type"] ?? "application/octet-stream";
  delete headers["content-type"];
  return sendEncoded(request, reply.status(status), { contentType, headers, raw: body, encoded: {} });
}
