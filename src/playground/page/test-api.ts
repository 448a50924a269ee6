import { cellAddress, type CellBlock } from "../../sheet";
import type { ExcelBehaviour } from "../behaviour/excel-behaviour";
import { OPENED_ITEM, type OpenedNote } from "../host/file-commands";
import type { PlaygroundHost } from "../host/install-host";
import type { FileStatus } from "../host/workbook-file";
import type { PlaygroundView } from "../ui/playground-view";
import type { WorkbookInspector } from "../workbook";

/** One SERVICE cell as tests see it. */
export interface FunctionCellInfo {
  sheet: string;
  address: string;
  formula: string;
  display: string | number | boolean;
  message?: string;
  spilled?: CellBlock;
  canceled: boolean;
  /** Results the function has set so far (a streaming function sets several). */
  updates: number;
  /** Re-invoked, showing its previous value with the loading mark. */
  loading: boolean;
  /** Kept as the file saved it, not invoked since the workbook opened. */
  dormant: boolean;
  /** Stays #BUSY!: its result did not fit in Excel on the web's payload. */
  stuck?: "payload";
  /** How many cells its stream serves (shared streams). */
  sharing: number;
}

/**
 * `window.playground`: read-only access for the end-to-end tests and for poking around in the console. The
 * tests drive the page like a user (typing, clicking); they read results here when a spill is larger than the
 * visible window.
 */
export interface PlaygroundTestApi {
  ready: true;
  inspect: WorkbookInspector;
  activeSheet(): string;
  functionCells(): FunctionCellInfo[];
  /** Sync requests the add-in made (count, largest payload), like Excel's request log. */
  syncStats(): { syncs: number; maxRequestBytes: number };
  actions(): string[];
  /** What the add-in asked `Office.addin.setStartupBehavior` for, in order ("Load", "None"). */
  startupBehaviors(): string[];
  /** The file: saved or not, AutoSave, the last problem. */
  file(): FileStatus;
  /** What File → Open noted before the reload that opened this workbook: the file, and where it was read. */
  opened(): OpenedNote | undefined;
  /** The Excel behaviour settings in force. */
  behaviour(): ExcelBehaviour;
  /** Streaming invocations the custom-functions runtime started since the page opened (cells and previews). */
  invocations(): number;
  /** Formula value preview invocations: how many ran, how many are still live, what each was told. */
  previews(): { started: number; live: number; flags: unknown[] };
}

export function testApi(host: PlaygroundHost, view: PlaygroundView): PlaygroundTestApi {
  return {
    ready: true,
    inspect: host.workbook.inspect,
    activeSheet: () => view.sheet,
    functionCells: () =>
      host.functions.all().map((c) => ({
        sheet: c.sheet,
        address: cellAddress(c.row, c.column),
        formula: c.formula,
        display: typeof c.display === "object" ? c.display.code : c.display,
        message: c.message,
        spilled: c.spilled?.block,
        canceled: c.canceled,
        updates: c.invocation?.results.length ?? (c.result ? 1 : 0),
        loading: c.loading,
        dormant: c.dormant,
        stuck: c.stuck,
        sharing: host.functions.sharing(c),
      })),
    syncStats: () => ({
      syncs: host.workbook.stats.records.length,
      maxRequestBytes: host.workbook.stats.records.reduce((m, r) => Math.max(m, r.requestBytes), 0),
    }),
    actions: () => host.actions.ids(),
    startupBehaviors: () => [...host.startupBehavior.history],
    file: () => host.file.status,
    opened: () => {
      const note = sessionStorage.getItem(OPENED_ITEM);
      return note === null ? undefined : (JSON.parse(note) as OpenedNote);
    },
    behaviour: () => ({ ...host.behaviour.current }),
    invocations: () => host.runtime.invocations.length,
    previews: () => ({
      started: host.preview.started.length,
      live: host.preview.started.filter((i) => !i.canceled).length,
      flags: host.preview.started.map((i) => i.isInValuePreview),
    }),
  };
}
