import { normaliseBaseUrl, reportUnexpected, type GatewayAccount } from "../../session";
import type { PaneDeps } from "./deps";
import { type KeyCheck, checkClient, checkKey } from "./key-check";
import { paneMessage } from "./messages";
import { Store } from "./store";

export type KeyStatus = KeyCheck | "signed-out" | "checking";

export interface SignInState {
  signedIn: boolean;
  status: KeyStatus;
  /** What the status dot's text says; never contains the key. */
  message: string;
  baseUrl: string;
  busy: boolean;
  /** When the address is a team gateway: who the key is there, and what is left of the budgets. */
  account?: GatewayAccount;
}

/**
 * Sign in and out. Save checks the key with a cheap authenticated request before storing it, so a typo is
 * caught here rather than in fifty #VALUE! cells; the session stores it per user, never in the workbook.
 */
export class SignInController {
  readonly store: Store<SignInState>;
  readonly #unsubscribe: () => void;
  #saving = false;

  constructor(private readonly deps: Pick<PaneDeps, "session" | "ready" | "fetch" | "checkClientOptions">) {
    const { session } = deps;
    this.store = new Store<SignInState>({
      signedIn: session.signedIn,
      status: session.signedIn ? "checking" : "signed-out",
      message: session.signedIn ? "" : "Not signed in.",
      baseUrl: session.baseUrl,
      busy: false,
    });
    // Functions or another pane instance may sign in or out too: follow the session.
    this.#unsubscribe = session.onChange(() => {
      const signedIn = session.signedIn;
      if (signedIn === this.store.state.signedIn && session.baseUrl === this.store.state.baseUrl) return;
      this.store.set({
        signedIn,
        baseUrl: session.baseUrl,
        account: undefined,
        ...(signedIn ? {} : { status: "signed-out", message: "Not signed in." }),
      });
      // A key saved elsewhere (the playground's auto sign-in, another pane) is checked like one loaded at start.
      // recheck() shows its outcome in the pane's state.
      if (signedIn && !this.#saving) void this.recheck().catch(reportUnexpected("checking the key"));
    });
  }

  /** Stops following the session (pane unmounted). */
  dispose(): void {
    this.#unsubscribe();
  }

  /** Loads the stored key and, when there is one, checks it is still accepted (one cheap request). */
  async start(): Promise<void> {
    // The shared session is loaded once per runtime (functions and pane await the same promise).
    await (this.deps.ready ?? this.deps.session.load());
    const { session } = this.deps;
    this.store.set({ signedIn: session.signedIn, baseUrl: session.baseUrl });
    if (!session.signedIn) {
      this.store.set({ status: "signed-out", message: "Not signed in." });
      return;
    }
    await this.recheck();
  }

  /** Checks the stored key again (after the service came back, say). */
  async recheck(): Promise<void> {
    const { session } = this.deps;
    if (!session.signedIn) return;
    this.store.set({ status: "checking", message: "Checking the saved key…", busy: true });
    const result = await checkKey(session.client(), session.baseUrl);
    this.store.set({
      status: result.status,
      message: result.status === "valid" ? "Signed in." : result.message,
      busy: false,
    });
    if (result.status === "valid") await this.refreshAccount();
  }

  /** Asks a team gateway who the key is and what is left of the budgets (nothing to show elsewhere). */
  async refreshAccount(): Promise<void> {
    const { session } = this.deps;
    const generation = session.generation;
    const account = await session.gatewayAccount?.().catch(() => undefined);
    // An answer for a key or address since replaced is dropped.
    if (session.generation === generation) this.store.set({ account });
  }

  /** Checks `key` against `baseUrl` (default: the current address) and stores both only when accepted. */
  async save(key: string, baseUrl?: string): Promise<KeyStatus> {
    const trimmed = key.trim();
    if (trimmed === "") return this.#fail("error", "Enter your API key.");
    let address: string;
    try {
      address = normaliseBaseUrl(baseUrl?.trim() ? baseUrl : this.deps.session.baseUrl);
    } catch (error) {
      return this.#fail("error", paneMessage(error));
    }
    this.store.set({ status: "checking", message: "Checking the key…", busy: true });
    const client = checkClient(trimmed, address, { ...this.deps.checkClientOptions, fetch: this.deps.fetch });
    const result = await checkKey(client, address);
    if (result.status !== "valid") return this.#fail(result.status, result.message);
    this.#saving = true;
    try {
      await this.deps.session.signIn(trimmed, address);
    } catch (error) {
      return this.#fail("error", `The key was accepted but could not be saved: ${paneMessage(error)}`);
    } finally {
      this.#saving = false;
    }
    this.store.set({
      signedIn: true,
      status: "valid",
      message: "Signed in. Key saved for your user on this computer.",
      baseUrl: address,
      busy: false,
    });
    await this.refreshAccount();
    return "valid";
  }

  async signOut(): Promise<void> {
    await this.deps.session.signOut();
    this.store.set({
      account: undefined,
      signedIn: false,
      status: "signed-out",
      message: "Signed out. The key was removed from this computer.",
      busy: false,
    });
  }

  #fail(status: KeyStatus, message: string): KeyStatus {
    this.store.set({ status, message, busy: false });
    return status;
  }
}
