import { createFsStorage } from './fs-driver';
import type { FileStorage } from './storage';

export type { FileStorage, StagedObject, StoredObject } from './storage';
export { assertKey } from './storage';
export { createFsStorage, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './fs-driver';

const opened = new Map<string, FileStorage>();

/** The storage of the configured STORAGE_DIR (the file system driver; the one place another driver is chosen). */
export function openStorage(storageDir: string): FileStorage {
  let storage = opened.get(storageDir);
  if (!storage) {
    storage = createFsStorage(storageDir);
    opened.set(storageDir, storage);
  }
  return storage;
}
