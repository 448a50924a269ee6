/** The workbook's document settings: merged writes and small self-contained entries (the module's public surface). */
export {
  type SettingsBag,
  type SettingsResult,
  type SettingsStep,
  type SettingsView,
  memorySettings,
} from "./settings-bag";
export { MergedSettingsWriter, settingsWriter, writeSettings } from "./merged-writer";
export {
  type EntryCollection,
  listEntries,
  pruneEntries,
  putEntry,
  readEntry,
  removeEntry,
  steps,
} from "./entry-collection";
