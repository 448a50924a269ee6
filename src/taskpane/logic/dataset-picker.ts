import type { ExcelRun } from "../../excel";
import { type DatasetInfo, DATASET_CHOICES, datasetInfo } from "./dataset-catalog";
import { MAX_FORMULA_LENGTH, datasetFormula } from "./dataset-formula";
import type { DatasetParams, InsertSource } from "./insert-source";
import { paneMessage } from "./messages";
import { Store } from "./store";

export interface DatasetChoice {
  name: string;
  /** Path argument values by argument name. */
  args: Record<string, string>;
  filters: string;
  sortBy: string;
  /** Selected columns, in the dataset's order; empty means all. */
  columns: string[];
  /** Text as typed; blank means no limit. */
  limit: string;
  headers: boolean;
}

export interface DatasetPickerState {
  choice: DatasetChoice;
  /** The formula the current choice makes, or the reason there is none. */
  formula?: string;
  problem?: string;
  message: string;
}

function initialChoice(info: DatasetInfo): DatasetChoice {
  const args: Record<string, string> = {};
  for (const a of info.args)
    args[a.name] = a.name === "chain" ? (a.allowed.includes("ethereum") ? "ethereum" : a.allowed[0]!) : a.allowed[0]!;
  return { name: info.name, args, filters: "", sortBy: "", columns: [], limit: "", headers: true };
}

/** Turns a choice into what the service takes, or says what to fix. */
export function choiceRequest(
  choice: DatasetChoice,
): { source: Extract<InsertSource, { kind: "dataset" }> } | { problem: string } {
  const info = datasetInfo(choice.name);
  if (!info) return { problem: `Choose a dataset.` };
  const args: string[] = [];
  for (const a of info.args) {
    const value = choice.args[a.name] ?? "";
    if (!a.allowed.includes(value)) return { problem: `Choose a ${a.label.toLowerCase()} from the list.` };
    args.push(value);
  }
  const params: DatasetParams = {};
  if (choice.filters.trim()) params.filters = choice.filters.trim();
  if (choice.sortBy.trim()) params.sort_by = choice.sortBy.trim();
  const columns = info.columns.filter((c) => choice.columns.includes(c));
  if (columns.length > 0) params.columns = columns.join(",");
  if (choice.limit.trim()) {
    if (!/^\d+$/.test(choice.limit.trim()))
      return { problem: "Limit must be a whole number of rows (or blank for all)." };
    params.limit = Number(choice.limit.trim());
  }
  return { source: { kind: "dataset", name: info.name, args, params } };
}

/** The dataset picker: lists of allowed values, options, live formula preview, formula insert. */
export class DatasetPickerController {
  readonly store: Store<DatasetPickerState>;

  constructor(private readonly deps: { run: ExcelRun }) {
    this.store = new Store<DatasetPickerState>({ choice: initialChoice(DATASET_CHOICES[0]!), message: "" });
    this.#derive();
  }

  /** A new dataset resets arguments and options: columns and sort of one dataset mean nothing in another. */
  choose(name: string): void {
    const info = datasetInfo(name);
    if (info) this.store.set({ choice: initialChoice(info), message: "" });
    this.#derive();
  }

  update(patch: Partial<Omit<DatasetChoice, "name">>): void {
    this.store.set({ choice: { ...this.store.state.choice, ...patch }, message: "" });
    this.#derive();
  }

  /** The static-table source for the insert controller, when the choice is complete. */
  source(): Extract<InsertSource, { kind: "dataset" }> | undefined {
    const r = choiceRequest(this.store.state.choice);
    return "source" in r ? r.source : undefined;
  }

  /** Writes the live formula into the active cell; the functions take it from there (and spill it). */
  async insertFormula(): Promise<boolean> {
    const { formula, problem } = this.store.state;
    if (!formula) {
      this.store.set({ message: problem ?? "Choose a dataset." });
      return false;
    }
    try {
      const address = await this.deps.run(async (context) => {
        const cell = context.workbook.getActiveCell();
        cell.formulas = [[formula]];
        cell.load("address");
        await context.sync();
        return cell.address;
      });
      this.store.set({
        message: `Formula inserted at ${address}. It refreshes with Refresh All and on the dataset's schedule.`,
      });
      return true;
    } catch (error) {
      this.store.set({ message: paneMessage(error) });
      return false;
    }
  }

  #derive(): void {
    const { choice } = this.store.state;
    const r = choiceRequest(choice);
    if ("problem" in r) return this.store.set({ formula: undefined, problem: r.problem });
    const { name, args, params } = r.source;
    const formula = datasetFormula({ name, args, params, headers: choice.headers });
    if (formula.length > MAX_FORMULA_LENGTH) {
      return this.store.set({
        formula: undefined,
        problem: "The formula would be longer than Excel allows; shorten the filters.",
      });
    }
    this.store.set({ formula, problem: undefined });
  }
}
