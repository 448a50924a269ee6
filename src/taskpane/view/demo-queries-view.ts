import type { DemoQueriesController } from "../logic/demo-queries";
import { h, replaceChildren, setVisible } from "./dom";

/**
 * The local service's demo queries, one click from their form: each opens the query's parameters in the Query tab
 * (nothing runs until Run is pressed). Hidden where there are none (the real service).
 */
export function demoQueriesView(
  doc: Document,
  demo: DemoQueriesController,
  open: (queryId: number) => void,
): HTMLElement {
  const list = h(doc, "ul", { class: "svc-demo-queries" });
  const section = h(
    doc,
    "section",
    { "aria-label": "Demo queries" },
    h(doc, "h2", {}, "Demo queries"),
    h(doc, "p", { class: "svc-hint" }, "The local service's saved queries: pick one to see its parameters."),
    list,
  );
  demo.store.subscribe((s) => {
    setVisible(section, s.phase === "shown");
    replaceChildren(
      list,
      ...(s.phase === "shown" ? s.queries : []).map((q) =>
        h(
          doc,
          "li",
          {},
          h(
            doc,
            "button",
            { type: "button", class: "svc-link", onclick: () => open(q.queryId) },
            `${q.queryId} · ${q.name}`,
          ),
        ),
      ),
    );
  });
  return section;
}
