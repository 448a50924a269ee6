import type { BehaviourSettings, ExcelBehaviour } from "../behaviour/excel-behaviour";
import { BEHAVIOUR_OPTIONS, choiceParam } from "../behaviour/read-behaviour";
import { el } from "./html";

/**
 * File → Options: one choice per Excel behaviour setting (`behaviour/excel-behaviour.ts` says where each default
 * comes from; the URL parameter is shown to open the page that way). Changes apply to what happens next; "when a
 * workbook opens" applies at the next reload.
 */
export function behaviourPanel(
  settings: BehaviourSettings,
  onChange: (behaviour: ExcelBehaviour) => void,
): HTMLElement {
  const rows = BEHAVIOUR_OPTIONS.map((opt) => {
    const select = el("select", { "data-setting": opt.key, "aria-label": opt.label });
    for (const choice of opt.choices) select.append(el("option", { value: choice.param, text: choice.label }));
    const current = choiceParam(opt, settings.current[opt.key]);
    if (current) select.value = current;
    select.addEventListener("change", () => {
      const choice = opt.choices.find((c) => c.param === select.value);
      if (!choice) return;
      settings.update({ [opt.key]: choice.value } as Partial<ExcelBehaviour>);
      onChange(settings.current);
    });
    return el("div", { class: "pg-option" }, [
      el("label", { text: opt.label }),
      select,
      el("small", { text: `URL: ?${opt.param}=${opt.choices.map((c) => c.param).join("|")}` }),
    ]);
  });
  return el("div", { class: "pg-options" }, [
    el("p", {
      text:
        "Where Excel builds or platforms differ, choose how the playground behaves. The defaults follow Microsoft's " +
        "documentation and Office.js issue threads (the playground's README lists each with its source).",
    }),
    ...rows,
  ]);
}
