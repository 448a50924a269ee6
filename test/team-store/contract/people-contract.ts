import { GatewayInputError, isPersonalToken, type GatewayStore as Store } from "../../../src/team-store";
import type { ContractContext } from "./harness";

/** People and tokens: issued once, kept only as hashes, refused once revoked or rotated. */
export function peopleContract(ctx: ContractContext): void {
  test("a token is issued once, authenticates its person, and is stored only as its hash", async () => {
    const store = await ctx.open();
    const issued = await store.addPerson({ name: "Alice", budgets: { perDay: 200, perMonth: null } });
    expect(isPersonalToken(issued.token)).toBe(true);
    expect(issued.person).toEqual({
      name: "alice",
      admin: false,
      createdAt: ctx.clock.now(),
      revokedAt: null,
      budgets: { perDay: 200, perMonth: null },
    });
    expect(await store.authenticate(issued.token)).toEqual(issued.person);
    expect(await store.authenticate(issued.token + "x")).toBeUndefined();
    expect(await store.authenticate("sgw_" + "A".repeat(43))).toBeUndefined();
    const admin = await store.addPerson({ name: "root", admin: true, budgets: { perDay: null, perMonth: 5000 } });
    expect(admin.token).not.toBe(issued.token);
    expect((await store.authenticate(admin.token))?.admin).toBe(true);
    const kept = await ctx.place.dump();
    expect(kept).not.toContain(issued.token);
    expect(kept).not.toContain(issued.token.slice(4));
    expect(kept).not.toContain(admin.token.slice(4));
    expect(JSON.stringify(await store.listPeople())).not.toContain("sgw_");
  });

  test("a revoked token is refused at the next lookup, by this instance and by a second one", async () => {
    const first = await ctx.open();
    const alice = await first.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: null } });
    const bob = await first.addPerson({ name: "bob", budgets: { perDay: 10, perMonth: null } });
    const second = await ctx.second(first);
    expect((await second.authenticate(alice.token))?.name).toBe("alice");
    ctx.clock.advance(5000);
    const revoked = await second.revokePerson("alice");
    expect(revoked.revokedAt).toBe(ctx.clock.now());
    expect(await second.authenticate(alice.token)).toBeUndefined();
    if (ctx.kind.shared) expect(await first.authenticate(alice.token)).toBeUndefined();
    const third = await ctx.second(second);
    expect(await third.authenticate(alice.token)).toBeUndefined();
    expect((await third.authenticate(bob.token))?.name).toBe("bob");
    expect((await third.listPeople()).map((p) => [p.name, p.revokedAt !== null])).toEqual([
      ["alice", true],
      ["bob", false],
    ]);
    await expect(third.reserve({ person: "alice", action: "read", estimate: 1 })).rejects.toMatchObject({
      code: "UNKNOWN_PERSON",
    });
  });

  test("rotating refuses the old token and accepts the new one; a revoked person is reinstated only by add", async () => {
    const store = await ctx.open();
    const old = await store.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: null } });
    const rotated = await store.rotateToken("ALICE");
    expect(rotated.token).not.toBe(old.token);
    expect(await store.authenticate(old.token)).toBeUndefined();
    expect((await store.authenticate(rotated.token))?.name).toBe("alice");
    const other = await ctx.second(store);
    expect(await other.authenticate(old.token)).toBeUndefined();
    expect((await other.authenticate(rotated.token))?.name).toBe("alice");

    await other.revokePerson("alice");
    await expect(other.rotateToken("alice")).rejects.toThrow(/was revoked; `users add alice` reinstates/);
    const back = await other.addPerson({ name: "alice", admin: true, budgets: { perDay: 50, perMonth: null } });
    expect(back.person).toMatchObject({ revokedAt: null, admin: true, budgets: { perDay: 50, perMonth: null } });
    expect(back.person.createdAt).toBe(old.person.createdAt);
    expect(await other.authenticate(rotated.token)).toBeUndefined();
    expect((await other.authenticate(back.token))?.name).toBe("alice");
  });

  test.each([
    ["an existing person", async (s: Store) => s.addPerson({ name: "alice", budgets: none }), "PERSON_EXISTS"],
    ["an unknown person revoked", async (s: Store) => s.revokePerson("nobody"), "UNKNOWN_PERSON"],
    ["an unknown person rotated", async (s: Store) => s.rotateToken("nobody"), "UNKNOWN_PERSON"],
    ["an unknown person's budgets", async (s: Store) => s.setPersonBudgets("nobody", { perDay: 1 }), "UNKNOWN_PERSON"],
    ["a name with a space", async (s: Store) => s.addPerson({ name: "a b", budgets: none }), "INVALID"],
    ["a name starting with -", async (s: Store) => s.addPerson({ name: "-x", budgets: none }), "INVALID"],
    ["an empty name", async (s: Store) => s.addPerson({ name: " ", budgets: none }), "INVALID"],
    ["a name of 65 characters", async (s: Store) => s.addPerson({ name: "a".repeat(65), budgets: none }), "INVALID"],
    [
      "a negative budget",
      async (s: Store) => s.addPerson({ name: "x", budgets: { perDay: -1, perMonth: null } }),
      "INVALID",
    ],
    ["three decimals", async (s: Store) => s.setPersonBudgets("alice", { perMonth: 1.005 }), "INVALID"],
    ["a budget of Infinity", async (s: Store) => s.setTeamSettings({ perDay: Infinity }), "INVALID"],
    ["an unknown time zone", async (s: Store) => s.setTeamSettings({ timeZone: "Mars/Olympus" }), "INVALID"],
    [
      "a negative estimate",
      async (s: Store) => s.reserve({ person: "alice", action: "read", estimate: -1 }),
      "INVALID",
    ],
  ] as const)("%s is refused with a typed error", async (_what, act, code) => {
    const store = await ctx.open();
    await store.addPerson({ name: "alice", budgets: none });
    const error = await act(store).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GatewayInputError);
    expect(error).toMatchObject({ code });
    expect((await store.listPeople()).map((p) => p.name)).toEqual(["alice"]);
  });

  test("budgets and the team's settings change and read back", async () => {
    const store = await ctx.open();
    expect(await store.teamSettings()).toEqual({ perDay: null, perMonth: null, timeZone: "UTC" });
    await store.addPerson({ name: "alice", budgets: { perDay: 10, perMonth: 100 } });
    expect((await store.setPersonBudgets("alice", { perMonth: null })).budgets).toEqual({ perDay: 10, perMonth: null });
    expect((await store.setPersonBudgets("alice", { perDay: 12.5 })).budgets).toEqual({ perDay: 12.5, perMonth: null });
    await store.setTeamSettings({ perDay: 1000.25, timeZone: "Europe/Paris" });
    expect(await store.setTeamSettings({ perMonth: 20000 })).toEqual({
      perDay: 1000.25,
      perMonth: 20000,
      timeZone: "Europe/Paris",
    });
    const again = await ctx.second(store);
    expect(await again.teamSettings()).toEqual({ perDay: 1000.25, perMonth: 20000, timeZone: "Europe/Paris" });
    expect((await again.person("alice"))?.budgets).toEqual({ perDay: 12.5, perMonth: null });
  });

  test("execution owners are kept with their reservation and read back; the first record of a run stands", async () => {
    const store = await ctx.open();
    await store.addPerson({ name: "alice", budgets: none });
    await store.addPerson({ name: "bob", budgets: none });
    await store.recordExecution({
      executionId: "01HX0000000000000000000000",
      person: "alice",
      queryId: 1001,
      startedAt: 5,
    });
    const reservationId = "6f1c2a7e-1f0b-4c53-9a53-1d2a3b4c5d6e";
    await store.recordExecution({ executionId: "E2", person: "Bob", queryId: null, startedAt: 6, reservationId });
    await store.recordExecution({ executionId: "E2", person: "alice", queryId: 1, startedAt: 7 });
    const other = await ctx.second(store);
    expect(await other.executionOwner("01HX0000000000000000000000")).toEqual({
      executionId: "01HX0000000000000000000000",
      person: "alice",
      queryId: 1001,
      startedAt: 5,
      reservationId: null,
    });
    expect(await other.executionOwner("E2")).toEqual({
      executionId: "E2",
      person: "bob",
      queryId: null,
      startedAt: 6,
      reservationId,
    });
    expect(await other.executionOwner("01HX0000000000000000000001")).toBeUndefined();
  });
}

const none = { perDay: null, perMonth: null };
