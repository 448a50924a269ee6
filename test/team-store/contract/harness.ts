import type { GatewayStore, GatewayStoreOptions } from "../../../src/team-store";
import { ManualClock } from "../../support/manual-clock";

/** One store implementation as the contract suite drives it. */
export interface StoreKind {
  name: string;
  /** A fresh, empty place to keep state (a directory, a database). */
  fresh(): Promise<Place>;
  /**
   * Whether two stores may be open on one place at once (PostgreSQL: several instances). The file store allows
   * one process; its "second instance" is the same place opened again after the first closed.
   */
  shared: boolean;
}

export interface Place {
  open(options: GatewayStoreOptions): Promise<GatewayStore>;
  /** Everything the store keeps, as text, to look for what must never be there. */
  dump(): Promise<string>;
}

/** Per test: a fresh place, a manual clock, and every store opened closed afterwards. */
export class ContractContext {
  clock = new ManualClock("2024-06-01T10:07:00Z");
  #opened: GatewayStore[] = [];
  place!: Place;

  constructor(readonly kind: StoreKind) {}

  async setUp(): Promise<void> {
    this.clock = new ManualClock("2024-06-01T10:07:00Z");
    this.place = await this.kind.fresh();
  }

  async open(options: GatewayStoreOptions = {}): Promise<GatewayStore> {
    const store = await this.place.open({ clock: this.clock, ...options });
    this.#opened.push(store);
    return store;
  }

  /** A second instance on the same place: beside the first where the kind allows it, else after closing it. */
  async second(first: GatewayStore, options: GatewayStoreOptions = {}): Promise<GatewayStore> {
    if (!this.kind.shared) await first.close();
    return this.open(options);
  }

  async tearDown(): Promise<void> {
    await Promise.all(this.#opened.splice(0).map((store) => store.close()));
  }
}

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
