import { type DocumentSettings, DocumentValue } from "../service-cells";

/** The document setting with the workbook's own id: what the user's spending is counted under. */
export const WORKBOOK_ID_SETTING = "service.workbookId";

function newId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === "function") return crypto.randomUUID();
  return `wb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The workbook's stable id, created once and kept in its document settings (so it travels with the file: a copy of
 * the file is the same workbook, and its automatic budget's spending is counted once). Without document settings
 * (Node, tests) the id lives as long as the runtime.
 */
export function workbookIdentity(settings: () => DocumentSettings | undefined): () => string {
  const value = new DocumentValue(settings, WORKBOOK_ID_SETTING);
  return () => {
    const stored = value.read();
    if (typeof stored === "string" && stored.trim() !== "") return stored;
    const id = newId();
    value.write(id);
    return id;
  };
}
