import { gatewayLine } from "../logic/gateway-line";
import type { SignInController } from "../logic/sign-in-controller";
import { act } from "./act";
import { field, h, setVisible } from "./dom";

/**
 * Account: API key (masked, Show/Hide), the service address under Advanced, Save (checks the key first), Sign
 * out, and a status dot with its message. The key lives only in the password input's value while typed: it is
 * cleared once saved and never written anywhere else in the DOM.
 */
export function accountView(doc: Document, signIn: SignInController): HTMLElement {
  const key = h(doc, "input", { type: "password", autocomplete: "off", spellcheck: "false", name: "api-key" });
  const toggle = h(
    doc,
    "button",
    { type: "button", "aria-pressed": "false", "aria-label": "Show API key", class: "svc-link" },
    "Show",
  );
  toggle.addEventListener("click", () => {
    const showing = key.type === "text";
    key.type = showing ? "password" : "text";
    toggle.textContent = showing ? "Show" : "Hide";
    toggle.setAttribute("aria-pressed", String(!showing));
    toggle.setAttribute("aria-label", showing ? "Show API key" : "Hide API key");
  });
  const baseUrl = h(doc, "input", {
    type: "url",
    autocomplete: "off",
    spellcheck: "false",
    value: signIn.store.state.baseUrl,
  });
  const save = h(doc, "button", { type: "submit", class: "svc-primary" }, "Save");
  const signOut = h(doc, "button", { type: "button", onclick: act("signing out", () => signIn.signOut()) }, "Sign out");
  const dot = h(doc, "span", { class: "svc-dot", "aria-hidden": "true" });
  const message = h(doc, "span", {});
  const status = h(doc, "div", { class: "svc-status", role: "status", "aria-live": "polite" }, dot, message);
  // At a team gateway: who the key is there and what is left of the budgets, updated on demand.
  const account = h(doc, "span", {});
  const update = h(
    doc,
    "button",
    { type: "button", class: "svc-link", onclick: act("updating the budget", () => signIn.refreshAccount()) },
    "Update",
  );
  const gateway = h(doc, "p", { class: "svc-hint", "aria-label": "Team gateway" }, account, " ", update);

  const form = h(
    doc,
    "form",
    { "aria-label": "Sign in" },
    h(doc, "h2", {}, "Sign in"),
    field(doc, "API key", key, "Stored for your user on this computer, never in the workbook."),
    h(doc, "div", { class: "svc-actions" }, toggle),
    h(
      doc,
      "details",
      {},
      h(doc, "summary", {}, "Advanced"),
      field(doc, "Service address", baseUrl, "For example https://api.example.com"),
    ),
    h(doc, "div", { class: "svc-actions" }, save, signOut),
    status,
    gateway,
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    act("saving the key", async () => {
      const result = await signIn.save(key.value, baseUrl.value);
      if (result === "valid") key.value = ""; // saved: the key leaves the page
    })();
  });

  signIn.store.subscribe((s) => {
    dot.dataset.state = s.status;
    message.textContent = s.message || (s.signedIn ? "Signed in." : "Not signed in.");
    save.disabled = s.busy;
    setVisible(signOut, s.signedIn);
    key.placeholder = s.signedIn ? "Enter a new key to replace the saved one" : "Paste your API key";
    if (doc.activeElement !== baseUrl) baseUrl.value = s.baseUrl;
    setVisible(gateway, s.signedIn && s.account !== undefined);
    account.textContent = s.account ? gatewayLine(s.account) : "";
  });
  return form;
}

/** The header's compact status: dot plus short text, for every tab. */
export function signInBadge(doc: Document, signIn: SignInController): HTMLElement {
  const dot = h(doc, "span", { class: "svc-dot", "aria-hidden": "true" });
  const text = h(doc, "span", { class: "svc-hint" });
  const labels: Record<string, string> = {
    valid: "Signed in",
    invalid: "Key refused",
    unreachable: "Offline",
    error: "Not signed in",
    checking: "Checking…",
    "signed-out": "Not signed in",
  };
  signIn.store.subscribe((s) => {
    dot.dataset.state = s.status;
    text.textContent = labels[s.status] ?? s.status;
  });
  return h(doc, "span", { class: "svc-badge" }, dot, text);
}
