/**
 * How this module reaches Excel: `Excel.run` in the add-in, the playground emulation's `run` in tests and in
 * the playground. Injected so nothing here touches the `Excel` global at import time.
 */
export type ExcelRun = <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T>;

/** The real `Excel.run`, looked up when called (the global exists only once office.js has loaded). */
export const officeRun: ExcelRun = (batch) => Excel.run(batch);
