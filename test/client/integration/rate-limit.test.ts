import { RateLimitedError } from "../../../src/client";
import { useService } from "./harness";

describe("rate limiting against the real service", () => {
  const env = useService({ rateLimitPerMinute: 3 });

  it("a 429 becomes RateLimitedError with retryAfter from the Retry-After header", async () => {
    const lines: string[] = [];
    // maxRetryAfterMs 0: do not sit out the server's wait in a test; the error comes back at once.
    const client = env.client({ retry: { maxRetryAfterMs: 0 }, log: (line) => lines.push(line) });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => client.execute(1001)));
    const limited = outcomes
      .filter((o) => o.status === "rejected")
      .map((o) => (o as PromiseRejectedResult).reason as unknown);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    for (const error of limited) {
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).retryAfter).toBeGreaterThan(0);
      expect((error as RateLimitedError).userMessage).toMatch(/try again in \d+ s/);
    }
  });
});
