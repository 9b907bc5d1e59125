import type { Config } from '../../config.ts';
import { DiskFileStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';

/** The file storage the server uses: the local disk under STORAGE_DIR (file-storage.ts describes the interface). */
export function createFileStorage(config: Pick<Config, 'storageDir'>): FileStorage {
  return new DiskFileStorage(config.storageDir);
}
