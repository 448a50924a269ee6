import type { CollectedDocument, ConversionAnswer, ConversionRequest, OpenedCopy } from "./file-conversion";
import { convert, ownBuffer } from "./file-conversion";
import type { OnFileProgress } from "./file-progress";

/** Where a conversion ran: the page's file worker, or the page's own thread. */
export type RanIn = "worker" | "page";

/** A conversion's answer as it reaches the page, with where it ran (said by the code that ran it). */
export type Delivered = ConversionAnswer & { ranIn: RanIn };

/** Takes a request to the conversion and brings its answers back: a worker, or the page itself. */
export interface ConversionCarrier {
  run(request: ConversionRequest, transfer: ArrayBuffer[], onAnswer: (answer: Delivered) => void): void;
}

/** Runs the conversion on the page's thread (no worker: jsdom, an old browser, `?fileworker=off`). */
export class InlineCarrier implements ConversionCarrier {
  run(request: ConversionRequest, _transfer: ArrayBuffer[], onAnswer: (answer: Delivered) => void): void {
    convert(request, (answer) => onAnswer({ ...answer, ranIn: "page" }));
  }
}

/** The messages between the page and its file worker (`page/file-worker.ts`). */
export interface ToWorker {
  id: number;
  request: ConversionRequest;
}
export interface FromWorker {
  id: number;
  answer: Delivered;
}

/** What the carrier needs of a `Worker`. */
export interface WorkerLike {
  postMessage(message: ToWorker, transfer: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: "error", listener: (event: Event) => void): void;
}

/** What File → Open or Download says when the worker itself could not run (not the file's fault). */
const WORKER_FAILED =
  "The page's file converter did not start (its script could not be loaded). Reload the page and try again.";

/**
 * Runs the conversion in a worker started on first use and kept for the page's life; each request has an id, and
 * its answers go to the request's listener until its last one.
 */
export class WorkerCarrier implements ConversionCarrier {
  #worker: WorkerLike | undefined;
  #next = 0;
  readonly #listeners = new Map<number, (answer: Delivered) => void>();

  constructor(private readonly start: () => WorkerLike) {}

  run(request: ConversionRequest, transfer: ArrayBuffer[], onAnswer: (answer: Delivered) => void): void {
    const worker = this.#started();
    const id = ++this.#next;
    this.#listeners.set(id, onAnswer);
    worker.postMessage({ id, request }, transfer);
  }

  #started(): WorkerLike {
    if (this.#worker) return this.#worker;
    const worker = this.start();
    worker.addEventListener("message", ({ data }) => {
      const listener = this.#listeners.get(data.id);
      if (data.answer.kind !== "progress") this.#listeners.delete(data.id);
      listener?.(data.answer);
    });
    worker.addEventListener("error", () => {
      // The script did not load or threw outside a conversion: every waiting request fails, and the next starts anew.
      const waiting = [...this.#listeners.values()];
      this.#listeners.clear();
      this.#worker = undefined;
      for (const listener of waiting) listener({ kind: "failed", message: WORKER_FAILED, ranIn: "worker" });
    });
    return (this.#worker = worker);
  }
}

/** A finished conversion's result with where it ran. */
export interface Converted<T> {
  result: T;
  ranIn: RanIn;
}

/** File → Open's and Download's conversions as promises, over whichever carrier the page has. */
export class FileConverter {
  constructor(private readonly carrier: ConversionCarrier) {}

  /** The file's bytes (moved to the conversion: the caller's buffer is emptied) as the copy to store. */
  open(bytes: Uint8Array, fileName: string | undefined, onProgress?: OnFileProgress): Promise<Converted<OpenedCopy>> {
    const buffer = ownBuffer(bytes);
    return this.#run({ kind: "open", bytes: buffer, fileName }, [buffer], onProgress, (a) =>
      a.kind === "opened" ? a.copy : undefined,
    );
  }

  /** The document written in a download format, as the file's bytes. */
  write(format: string, document: CollectedDocument, onProgress?: OnFileProgress): Promise<Converted<Uint8Array>> {
    return this.#run({ kind: "download", format, document }, [], onProgress, (a) =>
      a.kind === "written" ? new Uint8Array(a.bytes) : undefined,
    );
  }

  #run<T>(
    request: ConversionRequest,
    transfer: ArrayBuffer[],
    onProgress: OnFileProgress | undefined,
    resultOf: (answer: ConversionAnswer) => T | undefined,
  ): Promise<Converted<T>> {
    return new Promise((resolve, reject) => {
      this.carrier.run(request, transfer, (answer) => {
        if (answer.kind === "progress") return onProgress?.(answer.progress);
        if (answer.kind === "failed") return reject(new Error(answer.message));
        const result = resultOf(answer);
        if (result === undefined) reject(new Error(`The file converter answered ${answer.kind} to ${request.kind}.`));
        else resolve({ result, ranIn: answer.ranIn });
      });
    });
  }
}

/** The file worker's script, beside the page (webpack.playground.js names it); absent in other builds and in Node. */
declare const PLAYGROUND_FILE_WORKER: string | undefined;

/**
 * The page's converter: its file worker where the build has one and the browser has workers (and `useWorker`);
 * otherwise the same conversion on the page's thread.
 */
export function pageFileConverter(useWorker: boolean): FileConverter {
  const script = typeof PLAYGROUND_FILE_WORKER === "string" ? PLAYGROUND_FILE_WORKER : undefined;
  if (!useWorker || script === undefined || typeof Worker !== "function") return new FileConverter(new InlineCarrier());
  return new FileConverter(new WorkerCarrier(() => new Worker(new URL(script, document.baseURI)) as WorkerLike));
}
