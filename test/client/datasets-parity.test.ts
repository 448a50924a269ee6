import { DEX_CHAINS, MARKETS, MARKETSHARE_CHAINS } from "../../src/client";
import * as service from "../../src/service/datasets";

// The client checks path arguments before any request; its lists must be the service's, or a valid chain would be
// refused locally (or an invalid one sent).
test("the client's allowed chains and markets are exactly the service's", () => {
  expect([...DEX_CHAINS]).toEqual([...service.DEX_CHAINS]);
  expect([...MARKETSHARE_CHAINS]).toEqual([...service.MARKETSHARE_CHAINS]);
  expect([...MARKETS]).toEqual([...service.MARKETS]);
});
