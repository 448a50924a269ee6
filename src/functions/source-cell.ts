import { NO_ADDRESS_MESSAGE, type ResultSource, sourceText } from "../service-cells";
import { cellOf } from "./result-places";

/** The provenance of the table at (or captioned at) a cell, from the workbook's bound tables. */
export type TableSourceLookup = (sheet: string, row: number, column: number) => ResultSource | undefined;

export interface SourceCellDeps {
  /** The source of the SERVICE result at (or spilled over) a cell, a held refresh of it included. */
  resultSource: (sheet: string, row: number, column: number) => ResultSource | undefined;
  /** Called when results appear, go, are refreshed or have a refresh held. */
  onResultsChange: (listener: () => void) => () => void;
  /** Inserted tables' sources (the pane registers the lookup: bindings are Office glue, not the functions'). */
  tables: () => TableSourceLookup | undefined;
  onTablesChange: (listener: () => void) => () => void;
  /** A saved query's name, when the service tells it (asked once per query id). */
  queryName: (queryId: number) => Promise<string | undefined>;
  /** The query page's address pattern (`{query_id}` filled in). */
  pattern: () => string;
  notAvailable: (message: string) => CustomFunctions.Error;
  invalid: (message: string) => CustomFunctions.Error;
}

type Invocation = CustomFunctions.StreamingInvocation<string[][]>;

/**
 * SERVICE.SOURCE(A1): the source of the SERVICE result spilled at or over A1, or of the inserted table there (or
 * captioned there), as one line of text. Excel passes the function A1's value; the cell's address comes in the
 * invocation's `parameterAddresses`. It streams: a refresh that brings new rows (another execution, a new slot)
 * brings a new line, and so does a result or table that appears or goes, and an automatic refresh the budget held.
 */
export function serveSource(deps: SourceCellDeps, invocation: Invocation): void {
  const address = invocation.parameterAddresses?.[0];
  const at = address === undefined ? undefined : cellOf(address);
  if (!at) {
    invocation.setResult(deps.invalid(NO_ADDRESS_MESSAGE) as never);
    return;
  }
  const names = new Map<number, string | undefined>();
  let last: string | undefined;
  let active = true;
  const show = (): void => {
    if (!active) return;
    const found = deps.resultSource(at.sheet, at.row, at.column) ?? deps.tables()?.(at.sheet, at.row, at.column);
    if (!found) {
      const message = `No SERVICE result or inserted table at ${address} (yet): SERVICE.SOURCE names where the rows of one came from.`;
      if (last !== message) invocation.setResult(deps.notAvailable(message) as never);
      last = message;
      return;
    }
    const id = found.queryId;
    if (id !== undefined && found.queryName === undefined && !names.has(id)) {
      names.set(id, undefined);
      void deps.queryName(id).then(
        (name) => {
          names.set(id, name);
          if (name !== undefined) show();
        },
        () => undefined,
      );
    }
    const name = id === undefined ? undefined : names.get(id);
    const source: ResultSource = name !== undefined && !found.queryName ? { ...found, queryName: name } : found;
    const text = sourceText(source, deps.pattern());
    if (text !== last) invocation.setResult([[text]]);
    last = text;
  };
  const offs = [deps.onResultsChange(show), deps.onTablesChange(show)];
  invocation.onCanceled = () => {
    active = false;
    offs.forEach((off) => off());
  };
  show();
}
