import { CREDITS_PER_EXECUTION } from "../../src/session";
import { CREDITS } from "../../src/service/executions/execution-record";

// The add-in counts and announces credits (usage, confirmations) without asking the service; the two price lists
// sit on either side of the API boundary, so this test is what keeps them one fact.
test("the add-in's credit prices are the service's, per performance tier", () => {
  expect({ ...CREDITS_PER_EXECUTION }).toEqual({ ...CREDITS });
});
