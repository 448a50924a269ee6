import { blockAddress, blockUnion, type CellBlock } from "../../sheet";

/** What `onChange` listeners receive after a sync: one event per sheet touched. */
export interface ChangeEvent {
  sheet: string;
  /** Bounding range of the changed cells ("A1:C10"); null for a structural change only. */
  address: string | null;
  block: CellBlock | null;
  /** "cells": values/formats changed; "structure": sheets, tables, inserted or deleted cells. */
  kind: "cells" | "structure";
}

export type ChangeListener = (event: ChangeEvent) => void;

/** Collects, per sheet id, the bounding block of the cells one sync changed. */
export class ChangeLog {
  private readonly cells = new Map<string, CellBlock>();
  private readonly structural = new Set<string>();

  /** Told of every change to cells or structure except the calculation's own writes (the formula engine's feed). */
  onInput?: (sheetId: string, block: CellBlock | null) => void;
  /** How many such changes there have been. */
  inputs = 0;

  /** Records changed cells; `input` false for what calculation wrote (it changes no formula's inputs twice). */
  touch(sheetId: string, block: CellBlock, input = true): void {
    if (input) {
      this.inputs++;
      this.onInput?.(sheetId, block);
    }
    const prev = this.cells.get(sheetId);
    this.cells.set(sheetId, prev ? blockUnion(prev, block) : block);
  }

  structure(sheetId: string): void {
    this.inputs++;
    this.onInput?.(sheetId, null);
    this.structural.add(sheetId);
  }

  drain(nameOf: (sheetId: string) => string | undefined): ChangeEvent[] {
    const events: ChangeEvent[] = [];
    const ids = new Set([...this.cells.keys(), ...this.structural]);
    for (const id of ids) {
      const sheet = nameOf(id);
      if (sheet === undefined) continue;
      const block = this.cells.get(id) ?? null;
      events.push({
        sheet,
        block,
        address: block ? blockAddress(block) : null,
        kind: this.structural.has(id) ? "structure" : "cells",
      });
    }
    this.cells.clear();
    this.structural.clear();
    return events;
  }
}
