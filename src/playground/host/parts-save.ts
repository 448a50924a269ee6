import { documentFromParts, type DocumentHead, type DocumentParts, type WorkbookDocument } from "../workbook";
import type { Changes, SheetBlocks, StoredPart } from "./dirty-parts";
import type { IdbFileStore, StoredCopy } from "./file-store";

/** The store's side of a save in parts. */
export type PartsStore = Pick<IdbFileStore, "newPartKey" | "putParts" | "switchTo" | "deleteParts">;

/** The head of a copy in parts as stored: the workbook without cells, each sheet's parts as [block, key, size]. */
interface SavedHead extends DocumentHead {
  sheets: { name: string; parts: [block: number, key: string, size: number, cells: number][] }[];
}

export interface SliceOptions {
  now: () => number;
  yieldToPage: () => Promise<void>;
  /** How long one slice of serialising may hold the page's thread before it gives the page a turn. */
  sliceMs: number;
}

/** A save in parts that was stored and made current. */
export interface PartsSaved {
  id: string;
  stored: SheetBlocks;
  size: number;
  cells: number;
  /** Time spent on the page's thread (serialising), without the turns given to the page. */
  busyMs: number;
}

/**
 * Writes the workbook as a copy in parts: the changed blocks of rows serialised a slice at a time (the page gets a
 * turn between slices, and the slice's parts are stored meanwhile), the unchanged ones named by their stored parts,
 * then the new copy made current in one transaction. Each block is serialised as it is when its turn comes: a change
 * made after the save began is in the next save (it is recorded as changed), whether or not this one caught it.
 * Rejects with the store's error; the fresh parts are then deleted and the previous copy stays current.
 */
export async function saveInParts(
  doc: DocumentParts,
  taken: { copyId: string | undefined; stored: SheetBlocks; changes: Changes },
  store: PartsStore,
  copy: { settings: string; savedAt: number },
  slices: SliceOptions,
): Promise<PartsSaved> {
  const { changes } = taken;
  const fresh: string[] = [];
  let pending: [string, string][] = [];
  let busyMs = 0;
  let sliceStart = slices.now();
  const sheets: [string, Map<number, StoredPart>][] = [];
  try {
    for (const sheet of doc.sheets) {
      const before = changes.everything ? undefined : taken.stored.get(sheet.name);
      const changed = changes.sheets.get(sheet.name);
      const whole = before === undefined || changed === "all";
      const blocks = whole ? new Map<number, StoredPart>() : new Map(before);
      const todo = whole ? sheet.blocks() : changed ? [...changed].sort((a, b) => a - b) : [];
      for (const block of todo) {
        if (pending.length > 0 && slices.now() - sliceStart >= slices.sliceMs) {
          busyMs += slices.now() - sliceStart;
          const writing = store.putParts(pending);
          writing.catch(() => undefined); // awaited after the turn
          pending = [];
          await slices.yieldToPage();
          await writing;
          sliceStart = slices.now();
        }
        const part = sheet.serialise(block);
        if (part === undefined) {
          blocks.delete(block);
          continue;
        }
        const key = store.newPartKey();
        fresh.push(key);
        pending.push([key, part.json]);
        blocks.set(block, { key, size: part.json.length, cells: part.cells });
      }
      sheets.push([sheet.name, blocks]);
    }
    busyMs += slices.now() - sliceStart;
    await store.putParts(pending);
    pending = [];
    const head: SavedHead = {
      ...doc.head,
      sheets: sheets.map(([name, blocks]) => ({
        name,
        parts: [...blocks].sort(([a], [b]) => a - b).map(([block, p]) => [block, p.key, p.size, p.cells]),
      })),
    };
    const headJson = JSON.stringify(head);
    const all = sheets.flatMap(([, blocks]) => [...blocks.values()]);
    const keys = all.map((p) => p.key);
    const size = headJson.length + copy.settings.length + all.reduce((n, p) => n + p.size, 0);
    const cells = all.reduce((n, p) => n + p.cells, 0);
    const reused = keys.length > fresh.length;
    const id = await store.switchTo(
      { head: headJson, keys, fresh, settings: copy.settings, savedAt: copy.savedAt, size },
      reused ? taken.copyId : undefined,
    );
    return { id, stored: new Map(sheets), size, cells, busyMs };
  } catch (error) {
    await store.deleteParts(fresh).catch(() => undefined);
    throw error;
  }
}

/** A stored copy in parts read back: the document, and its parts by sheet and block (undefined: not readable). */
export function openParts(copy: StoredCopy): { doc: WorkbookDocument; stored: SheetBlocks } | undefined {
  try {
    const head = JSON.parse(copy.head ?? "") as SavedHead;
    const { sheets, ...rest } = head;
    const settings = JSON.parse(copy.settings) as Record<string, unknown>;
    const stored: SheetBlocks = new Map();
    const texts = sheets.map(({ name, parts }) => {
      stored.set(name, new Map(parts.map(([block, key, size, cells]) => [block, { key, size, cells }])));
      return { name, parts: parts.map(([, key]) => copy.parts?.get(key) ?? "") };
    });
    return { doc: documentFromParts(rest, texts, settings), stored };
  } catch {
    return undefined;
  }
}
