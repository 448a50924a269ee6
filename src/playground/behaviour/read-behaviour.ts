import { DEFAULT_PAYLOAD_CAP_BYTES, type ExcelBehaviour } from "./excel-behaviour";

/** One choice of a setting: its URL spelling, the value it sets, and how the Options panel names it. */
interface Choice<K extends keyof ExcelBehaviour> {
  param: string;
  value: ExcelBehaviour[K];
  label: string;
}

/** One setting as the URL and the Options panel know it. */
export interface BehaviourOption<K extends keyof ExcelBehaviour = keyof ExcelBehaviour> {
  key: K;
  /** The URL parameter (`?reinvoke=off`). */
  param: string;
  label: string;
  choices: Choice<K>[];
}

function option<K extends keyof ExcelBehaviour>(
  key: K,
  param: string,
  label: string,
  choices: Choice<K>[],
): BehaviourOption {
  return { key, param, label, choices } as unknown as BehaviourOption;
}

/** Every setting, in the order the Options panel shows them; the first choice of each is the default. */
export const BEHAVIOUR_OPTIONS: readonly BehaviourOption[] = [
  option("reinvokeOnOpen", "reinvoke", "Streaming functions when a workbook opens", [
    { param: "on", value: true, label: "Run again (current builds)" },
    { param: "off", value: false, label: "Keep the saved values (XLL-compatible functions before office-js#6556)" },
  ]),
  option("pendingDisplay", "pending", "A recalculating cell shows", [
    { param: "value", value: "value", label: "Its value with a loading mark (current builds)" },
    { param: "busy", value: "busy", label: "#BUSY! (older builds, the docs)" },
  ]),
  option("sharedStreams", "streams", "Identical streaming formulas", [
    { param: "shared", value: true, label: "Share one stream (the docs)" },
    { param: "separate", value: false, label: "Each cell its own stream" },
  ]),
  option("cancelOrder", "cancel", "A re-invoked stream's onCanceled comes", [
    { param: "before", value: "before", label: "Before the new call" },
    { param: "after", value: "after", label: "After the new call" },
    { param: "concurrent", value: "concurrent", label: "Concurrently (a task later)" },
  ]),
  option("streamAddress", "address", "invocation.address of streaming functions", [
    { param: "on", value: true, label: "Given (current builds)" },
    { param: "off", value: false, label: "Undefined (older builds)" },
  ]),
  option("valuePreview", "preview", "Formula value preview runs custom functions", [
    { param: "off", value: false, label: "No (Excel on the web)" },
    { param: "on", value: true, label: "Yes (Excel on Windows and Mac)" },
  ]),
  option("previewFlag", "previewflag", "invocation.isInValuePreview is", [
    { param: "boolean", value: "boolean", label: "true / false (the reference)" },
    { param: "string", value: "string", label: '"true" / "false" (the typings)' },
  ]),
  option("payloadCapBytes", "payloadcap", "Results that arrive together", [
    { param: "5mb", value: DEFAULT_PAYLOAD_CAP_BYTES, label: "Capped at 5 MB, else #BUSY! (Excel on the web)" },
    { param: "off", value: null, label: "Not capped (Excel desktop)" },
  ]),
];

/** The choice a setting's value is, by its URL spelling (a custom cap in bytes has none). */
export function choiceParam(opt: BehaviourOption, value: unknown): string | undefined {
  return opt.choices.find((c) => c.value === value)?.param;
}

/** A URL or stored spelling read into a value; a payload cap may also be a number of bytes. */
function parseChoice(opt: BehaviourOption, text: string): ExcelBehaviour[keyof ExcelBehaviour] | undefined {
  const lower = text.trim().toLowerCase();
  const choice = opt.choices.find((c) => c.param === lower);
  if (choice) return choice.value;
  if (opt.key === "payloadCapBytes" && /^\d+$/.test(lower) && Number(lower) > 0) return Number(lower);
  return undefined;
}

/** Settings the page's query asks for; unknown values are listed in `ignored` so the page can say so. */
export function behaviourFromQuery(search: string): { behaviour: Partial<ExcelBehaviour>; ignored: string[] } {
  const params = new URLSearchParams(search);
  const behaviour: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const opt of BEHAVIOUR_OPTIONS) {
    const text = params.get(opt.param);
    if (text === null) continue;
    const value = parseChoice(opt, text);
    if (value === undefined) ignored.push(`${opt.param}=${text}`);
    else behaviour[opt.key] = value;
  }
  return { behaviour: behaviour as Partial<ExcelBehaviour>, ignored };
}

const STORED_ITEM = "playground.excelBehaviour";

/** The settings chosen in the Options panel, kept per origin; anything unreadable is dropped. */
export function storedBehaviour(local: Pick<Storage, "getItem">): Partial<ExcelBehaviour> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(local.getItem(STORED_ITEM) ?? "{}");
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null) return {};
  const out: Record<string, unknown> = {};
  for (const opt of BEHAVIOUR_OPTIONS) {
    const value = (parsed as Record<string, unknown>)[opt.key];
    const valid =
      opt.choices.some((c) => c.value === value) ||
      (opt.key === "payloadCapBytes" && typeof value === "number" && value > 0);
    if (valid) out[opt.key] = value;
  }
  return out as Partial<ExcelBehaviour>;
}

export function storeBehaviour(local: Pick<Storage, "setItem">, behaviour: ExcelBehaviour): void {
  try {
    local.setItem(STORED_ITEM, JSON.stringify(behaviour));
  } catch {
    // Options are a convenience: a full storage keeps the defaults next time.
  }
}
