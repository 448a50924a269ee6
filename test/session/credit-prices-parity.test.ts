import { TIER_CREDITS } from "../../src/billing";
import { CREDITS_PER_EXECUTION } from "../../src/session";

// The session still keeps its own list of execution prices (its usage counter and the functions' messages read it);
// the cost model's tier prices are the one source (the local service charges them), so this test holds the two
// together until the session reads the cost model itself.
test("the session's execution prices are the cost model's, per performance tier", () => {
  for (const [tier, credits] of Object.entries(CREDITS_PER_EXECUTION)) {
    expect(TIER_CREDITS[tier as keyof typeof TIER_CREDITS]).toBe(credits);
  }
});
