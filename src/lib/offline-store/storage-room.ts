/** Head-room kept free beyond the files themselves: IndexedDB stores with overhead. */
const SAFETY_BYTES = 5 * 1024 * 1024;

export interface StorageLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

export interface RoomCheck {
  fits: boolean;
  /** Whether the browser granted persistent storage (queued files survive storage pressure). */
  persisted: boolean;
  freeBytes: number | null;
}

/**
 * Asks for persistent storage, then checks the quota has room for `bytes` more.
 * Browsers without the Storage API are given the benefit of the doubt: a write that still does
 * not fit fails in IndexedDB and is reported there.
 */
export async function ensureRoomFor(bytes: number, storage: StorageLike | undefined = globalThis.navigator?.storage): Promise<RoomCheck> {
  let persisted = false;
  try {
    persisted = (await storage?.persisted?.()) ?? false;
    if (!persisted) persisted = (await storage?.persist?.()) ?? false;
  } catch {
    // Some browsers reject persist() outside a user gesture; the quota check below still applies.
  }
  if (!storage?.estimate) return { fits: true, persisted, freeBytes: null };
  const { usage = 0, quota } = await storage.estimate();
  if (quota === undefined) return { fits: true, persisted, freeBytes: null };
  const freeBytes = Math.max(0, quota - usage);
  return { fits: bytes + SAFETY_BYTES <= freeBytes, persisted, freeBytes };
}
