/** How far File → Open or Download has got, as the File tab shows it. */
export interface FileProgress {
  /** What is being done ("Reading sheet 2 of 5…"). */
  text: string;
  /** Of the whole conversion, from 0 to 1 (a progress bar's value). */
  fraction: number;
}

export type OnFileProgress = (progress: FileProgress) => void;

/**
 * The progress of a step that is one part of a larger whole: the step's own 0–1 mapped onto [from, to). The opening
 * of a file is its sheets read, then converted; a download is the sheets collected on the page, then written.
 */
export function progressWithin(onProgress: OnFileProgress | undefined, from: number, to: number): OnFileProgress {
  return ({ text, fraction }) => onProgress?.({ text, fraction: from + (to - from) * fraction });
}

/** "Reading sheet 2 of 5…", with the fraction done before that sheet. */
export function sheetStep(verb: string, index: number, count: number): FileProgress {
  return { text: `${verb} sheet ${index + 1} of ${count}…`, fraction: count > 0 ? index / count : 0 };
}
