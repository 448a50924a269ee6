import { SignInController } from "../../src/taskpane/logic/sign-in-controller";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe("sign in", () => {
  test("Save checks the key, stores it per user, never in the workbook", async () => {
    const pane = await testPane(service.url);
    const signIn = new SignInController(pane.deps);
    expect(signIn.store.state).toMatchObject({ signedIn: false, status: "signed-out" });
    const statuses: string[] = [];
    signIn.store.subscribe((s) => (statuses.at(-1) === s.status ? undefined : statuses.push(s.status)));

    expect(await signIn.save(`  ${TEST_KEYS.alice}  `)).toBe("valid");
    expect(statuses).toEqual(["signed-out", "checking", "valid"]);
    expect(signIn.store.state).toMatchObject({ signedIn: true, busy: false, baseUrl: service.url });
    expect(await pane.keyStore.get()).toBe(TEST_KEYS.alice);
    expect(pane.session.signedIn).toBe(true);
    pane.wb.reopen();
    const settings = pane.wb.Office.context.document.settings as unknown as { live: Record<string, unknown> };
    expect(JSON.stringify(settings.live)).not.toContain(TEST_KEYS.alice);
    expect(JSON.stringify(signIn.store.state)).not.toContain(TEST_KEYS.alice);
  });

  test.each([
    ["a refused key", "not-a-key-0000000000", undefined, "invalid", /Invalid API key/],
    ["a blank key", "   ", undefined, "error", /Enter your API key/],
    ["an address that is not a URL", TEST_KEYS.demo, "localhost:8787", "error", /must use http or https/],
    [
      "a service that does not answer",
      TEST_KEYS.demo,
      "http://127.0.0.1:9",
      "unreachable",
      /Service unreachable at http:\/\/127\.0\.0\.1:9/,
    ],
  ])("%s is reported and nothing is stored", async (_name, key, url, status, message) => {
    const pane = await testPane(service.url);
    const signIn = new SignInController(pane.deps);
    expect(await signIn.save(key, url)).toBe(status);
    expect(signIn.store.state.status).toBe(status);
    expect(signIn.store.state.message).toMatch(message);
    if (key.trim()) expect(signIn.store.state.message).not.toContain(key);
    expect(await pane.keyStore.get()).toBeUndefined();
    expect(pane.session.signedIn).toBe(false);
  });

  test("a refused key leaves the previous sign-in in place", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const signIn = new SignInController(pane.deps);
    expect(await signIn.save("wrong-key-000000000")).toBe("invalid");
    expect(await pane.keyStore.get()).toBe(TEST_KEYS.demo);
    expect(signIn.store.state.signedIn).toBe(true);
  });

  test("start() loads the stored key and checks it again; sign out forgets it", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.bob });
    const signIn = new SignInController(pane.deps);
    await signIn.start();
    expect(signIn.store.state).toMatchObject({ signedIn: true, status: "valid", message: "Signed in." });
    await signIn.signOut();
    expect(signIn.store.state).toMatchObject({ signedIn: false, status: "signed-out" });
    expect(await pane.keyStore.get()).toBeUndefined();
  });

  test("a stored key the service no longer accepts shows as invalid on start", async () => {
    const pane = await testPane(service.url, { apiKey: "revoked-key-00000000" });
    const signIn = new SignInController(pane.deps);
    await signIn.start();
    expect(signIn.store.state).toMatchObject({ signedIn: true, status: "invalid" });
  });

  test("checks a key saved elsewhere in the runtime, as it checks one loaded at start", async () => {
    const pane = await testPane(service.url);
    const signIn = new SignInController(pane.deps);
    await pane.session.signIn(TEST_KEYS.carol);
    await new Promise((resolve) => signIn.store.subscribe((s) => s.status === "valid" && resolve(s)));
    expect(signIn.store.state).toMatchObject({ signedIn: true, status: "valid" });
    signIn.dispose();
    await pane.session.signOut();
    expect(signIn.store.state.signedIn).toBe(true); // disposed: no longer following
  });

  test("follows a sign-out done elsewhere in the runtime (functions, another pane)", async () => {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const signIn = new SignInController(pane.deps);
    await pane.session.signOut();
    expect(signIn.store.state).toMatchObject({ signedIn: false, status: "signed-out" });
  });
});
