import { officeSupports, type ExcelRun, type SettingsLike, type SupportsSet } from "../../excel";
import { queryPagePattern, type ResultSource } from "../../service-cells";
import { defaultSnapshotName, snapshotSheetName } from "../../sheet";
import type { Clock } from "../../clock";
import { paneMessage } from "./messages";
import { shownResults, spillsUnreadable } from "./snapshot-read";
import { writeSnapshot } from "./snapshot-write";
import { Store } from "./store";

export interface SnapshotState {
  /** The name typed in the field; empty means the default (the month before today). */
  name: string;
  /** The default name now, shown as the field's placeholder. */
  defaultName: string;
  busy: boolean;
  message: string;
  /** The sheet the last snapshot was written to. */
  sheet?: string;
}

export interface SnapshotDeps {
  run: ExcelRun;
  settings: SettingsLike;
  clock: Pick<Clock, "now">;
  resultSourceAt?: (sheet: string, row: number, column: number) => ResultSource | undefined;
  /** Whether the host has a requirement set; Office's own answer by default. */
  supports?: SupportsSet;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * The Report tab's month-end Snapshot: copies the report's results (every SERVICE cell's result, every table the
 * add-in inserted) as values into a new sheet named for the period, each under where it is in the report and where
 * its rows came from, so a closed month stays as it was reported. Nothing is fetched or run: it copies what the
 * workbook shows. A sheet of that name already there is refused before anything is written.
 */
export class SnapshotController {
  readonly store: Store<SnapshotState>;

  constructor(private readonly deps: SnapshotDeps) {
    this.store = new Store<SnapshotState>({
      name: "",
      defaultName: defaultSnapshotName(deps.clock.now()),
      busy: false,
      message: "",
    });
  }

  setName(name: string): void {
    this.store.set({ name, defaultName: defaultSnapshotName(this.deps.clock.now()) });
  }

  async take(): Promise<SnapshotState> {
    if (this.store.state.busy) return this.store.state;
    const unreadable = spillsUnreadable(this.deps.supports ?? officeSupports);
    if (unreadable) {
      this.store.set({ message: unreadable });
      return this.store.state;
    }
    const now = this.deps.clock.now();
    this.store.set({ busy: true, message: "Reading the report's results…", defaultName: defaultSnapshotName(now) });
    try {
      const { name, problem, results } = await this.deps.run(async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load("items/name");
        await context.sync();
        const named = snapshotSheetName(
          this.store.state.name,
          now,
          sheets.items.map((s) => s.name),
        );
        if (named.problem) return { ...named, results: [] };
        const found = await shownResults(context, this.deps);
        if (found.length > 0) sheets.add(named.name);
        await context.sync();
        return { ...named, results: found };
      });
      if (problem) {
        this.store.set({ busy: false, message: `${problem} Type another name beside the button.` });
        return this.store.state;
      }
      if (results.length === 0) {
        this.store.set({
          busy: false,
          message: "Nothing to snapshot: this workbook has no SERVICE results or inserted tables.",
        });
        return this.store.state;
      }
      this.store.set({ message: `Writing ${plural(results.length, "result")} to sheet "${name}"…` });
      const title = `Snapshot of this workbook, taken ${new Date(now).toISOString().slice(0, 16)}Z: values as the workbook showed them (nothing was fetched or run)`;
      await writeSnapshot(this.deps.run, name, title, results, queryPagePattern(this.deps.settings));
      this.store.set({
        busy: false,
        sheet: name,
        message: `Snapshot taken: ${plural(results.length, "result")} as values, each with its source, on sheet "${name}". Nothing was fetched or run.`,
      });
    } catch (error) {
      this.store.set({ busy: false, message: `The snapshot did not complete: ${paneMessage(error)}` });
    }
    return this.store.state;
  }
}
