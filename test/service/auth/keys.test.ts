import { KeyRing, parseKeysFile } from "../../../src/service/auth/keys";

const base = { key: "k-123456789", user: "u", teams: ["t"] };

describe("keys file: plans and limits", () => {
  test.each([
    [{}, { plan: "free", creditsPerMb: 20 }],
    [{ plan: "analyst" }, { plan: "analyst", creditsPerMb: 10 }],
    [{ plan: "plus" }, { plan: "plus", creditsPerMb: 2 }],
    [
      { plan: "enterprise", credits_per_mb: 0.75 },
      { plan: "enterprise", creditsPerMb: 0.75 },
    ],
  ])("%j prices reads at %j", (extra, plan) => {
    const [record] = parseKeysFile([{ ...base, ...extra }], "keys.json");
    const caller = new KeyRing([record!]).authenticate(base.key);
    expect(caller?.plan).toEqual(plan);
  });

  test("limits are kept as given, in credits to the hundredth", () => {
    const [record] = parseKeysFile([{ ...base, credits: 2500.5, max_credits_per_request: 0.25 }], "keys.json");
    expect(new KeyRing([record!]).authenticate(base.key)).toMatchObject({
      credits: 2500.5,
      maxCreditsPerRequest: 0.25,
    });
  });

  test.each([
    [{ plan: "premium" }, 'entry 0 "plan" must be one of free, analyst, plus, enterprise'],
    [{ plan: "enterprise" }, 'entry 0 is on the enterprise plan and needs "credits_per_mb"'],
    [{ plan: "plus", credits_per_mb: 1 }, '"credits_per_mb" belongs to the enterprise plan only'],
    [{ credits: -1 }, 'entry 0 "credits" must be a number of credits (0 or more, to hundredths)'],
    [{ credits: 0.001 }, '"credits" must be a number of credits'],
    [{ max_credits_per_request: "5" }, '"max_credits_per_request" must be a number of credits'],
    [{ key: "short" }, 'entry 0 needs a "key" string of at least 8 characters'],
  ])("%j is refused: %s", (extra, message) => {
    expect(() => parseKeysFile([{ ...base, ...extra }], "keys.json")).toThrow(message);
  });
});
