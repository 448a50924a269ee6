import { h } from "./dom";

/**
 * An inline confirmation (window.confirm is not available in Office add-ins): a small alert dialog placed in
 * `host`, focus on its first button, Escape answers no; resolves with the answer and removes itself.
 */
export function confirmInline(
  host: HTMLElement,
  message: string,
  yes: string,
  no = "Cancel",
  details: readonly string[] = [],
): Promise<boolean> {
  const doc = host.ownerDocument;
  const previous = doc.activeElement as HTMLElement | null;
  return new Promise((resolve) => {
    const text = h(doc, "p", { id: `${host.id || "svc"}-confirm-text` }, message);
    const list =
      details.length > 0 &&
      h(
        doc,
        "ul",
        { class: "svc-confirm-list", "aria-label": "What it will do" },
        ...details.map((d) => h(doc, "li", {}, d)),
      );
    const done = (answer: boolean): void => {
      box.remove();
      previous?.focus?.();
      resolve(answer);
    };
    const yesButton = h(doc, "button", { type: "button", class: "svc-primary", onclick: () => done(true) }, yes);
    const box = h(
      doc,
      "div",
      {
        class: "svc-confirm",
        role: "alertdialog",
        "aria-modal": "false",
        "aria-describedby": text.id,
        "aria-label": "Confirm",
      },
      text,
      list,
      h(
        doc,
        "div",
        { class: "svc-actions" },
        yesButton,
        h(doc, "button", { type: "button", onclick: () => done(false) }, no),
      ),
    );
    box.addEventListener("keydown", (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        done(false);
      }
    });
    host.appendChild(box);
    yesButton.focus();
  });
}
