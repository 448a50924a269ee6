import type { CanonicalRequest, DocumentSettings } from "../service-cells";

/** The document setting holding what the workbook does when it opens (the pane's "When this workbook opens"). */
export const OPEN_BEHAVIOUR_SETTING = "service.onOpen";

/** What the workbook does when it opens: nothing (the default), refresh its SERVICE cells, or also re-run stale queries. */
export type OpenBehaviour = "nothing" | "refresh" | "rerun";

export function readOpenBehaviour(settings: Pick<DocumentSettings, "get"> | undefined): OpenBehaviour {
  const stored = settings?.get(OPEN_BEHAVIOUR_SETTING);
  return stored === "refresh" || stored === "rerun" ? stored : "nothing";
}

/** How long without a new SERVICE cell ends the opening burst. */
export const OPEN_QUIET_MS = 10_000;

/**
 * Tells the re-invocations Excel makes as a workbook opens (streaming functions run again on open: office-js#2220)
 * from a cell the user enters. A cell is "opening" when it is the first invocation of its request in this runtime,
 * the workbook holds a result for that request (its `service.requestRefresh` entry), and it comes in the opening burst: the runtime's first invocations, before `quietMs` passes without one.
 * A formula typed later, or one the workbook never had a result for, is never "opening".
 */
export class OpenPhase {
  readonly #seen = new Set<string>();
  readonly #now: () => number;
  readonly #quietMs: number;
  readonly #saved: (request: CanonicalRequest) => boolean;
  readonly #unrecorded: () => boolean;
  #last: number;
  #over = false;

  constructor(options: {
    now: () => number;
    quietMs?: number;
    saved: (request: CanonicalRequest) => boolean;
    /** The workbook records no refresh at all (a file saved by Excel without the add-in's settings). */
    unrecorded?: () => boolean;
  }) {
    this.#now = options.now;
    this.#quietMs = options.quietMs ?? OPEN_QUIET_MS;
    this.#saved = options.saved;
    this.#unrecorded = options.unrecorded ?? (() => false);
    this.#last = options.now();
  }

  /** A cell was invoked: whether it is a re-invocation of a saved result as the workbook opens. */
  note(request: CanonicalRequest): boolean {
    const now = this.#now();
    if (now - this.#last > this.#quietMs) this.#over = true;
    this.#last = now;
    const first = !this.#seen.has(request.key);
    this.#seen.add(request.key);
    return !this.#over && first && this.#saved(request);
  }

  /**
   * After `note`: whether the cell just noted is in the opening burst of a workbook that records no refresh, so that
   * whatever its cell shows may be what the file saved (any cell of the burst: such a file cannot say which).
   */
  unrecordedOpening(): boolean {
    return !this.#over && this.#unrecorded();
  }

  /** Whether the opening burst is still going (tests and the pane). */
  get opening(): boolean {
    return !this.#over && this.#now() - this.#last <= this.#quietMs;
  }
}
