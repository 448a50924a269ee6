/** The shared runtime's session: key, service address, client and usage (public surface, DESIGN §4.1). */
export { type KeyStore, API_KEY_ITEM, createKeyStore } from "./key-store";
export {
  type SessionSettings,
  type SettingsStore,
  SETTINGS_ITEM,
  createSettingsStore,
  memorySettingsStore,
} from "./settings-store";
export { type AsyncStringStorage, type StorageEnvironment, detectStorageEnvironment } from "./user-storage";
export { Session, type SessionOptions, type SessionClientOptions, normaliseBaseUrl } from "./session";
export { NotSignedInError, NOT_SIGNED_IN_MESSAGE, isNotSignedInError } from "./not-signed-in-error";
export { UsageTracker, type UsageSnapshot, CREDITS_PER_EXECUTION } from "./usage-tracker";
export {
  sharedSession,
  sharedSessionReady,
  setSharedSession,
  defaultBaseUrl,
  FALLBACK_BASE_URL,
} from "./shared-session";
