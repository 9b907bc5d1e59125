/**
 * Where uploaded files (damage photos) live. Keys are relative, slash-separated names chosen by the
 * server (never by the client), e.g. `damage/fjord/2f1c….jpg`; the content type is kept by the caller
 * (in the database row). The default stores on the local disk under STORAGE_DIR (DATA_DIR/uploads); an
 * object store (S3 and the like) fits the same interface when N server copies do not share a disk.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there. Readers never see a half-written file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** A key the storage accepts: lower-case letters, digits, '.', '_', '-' in '/'-separated segments, no '..'. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*(?:\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*)*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 300 || !KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
