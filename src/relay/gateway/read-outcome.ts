import type { BodyCount } from "../streamed-answer";
import { offsetOf } from "./result-sizes";
import type { ReadOutcome } from "./settlements";

/** What a forwarded read came to, from what passed of its body: the next page's offset from its link or header. */
export function readOutcome(count: BodyCount): ReadOutcome {
  const header = count.nextOffset;
  const nextOffset =
    header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : offsetOf(count.fields.get("next_uri"));
  const outcome: ReadOutcome = {
    status: count.status,
    bytes: count.bytes,
    complete: count.complete,
    contentType: count.contentType,
  };
  if (count.abandoned) outcome.abandoned = true;
  const state = count.fields.get("state");
  if (state !== undefined) outcome.state = state;
  if (nextOffset !== undefined) outcome.nextOffset = nextOffset;
  return outcome;
}
