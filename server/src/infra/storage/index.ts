import type { Config } from '../../config';
import type { Db } from '../../db';
import { createDbStorage } from './db-driver';
import { createFsStorage } from './fs-driver';
import type { FileStorage } from './storage';

export type { FileStorage, StagedObject, StoredObject } from './storage';
export { assertKey } from './storage';
export { createFsStorage, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './fs-driver';
export { createDbStorage } from './db-driver';

export type StorageSettings = Pick<Config, 'storageDir' | 'storageDriver'>;
export type StorageDriverName = Config['storageDriver'];

const onDisk = new Map<string, FileStorage>();
const inDatabase = new WeakMap<Db, Map<string, FileStorage>>();

/**
 * The configured storage, the one place a driver is chosen: STORAGE_DIR's files, or the database's chunks
 * (STORAGE_DIR then holds only the uploads' working files). One instance per folder and database.
 */
export function openStorage(settings: StorageSettings, db: Db): FileStorage {
  return openDriver(settings.storageDriver, settings.storageDir, db);
}

/** A given driver whatever the configuration (`migrate-storage` opens both). */
export function openDriver(driver: StorageDriverName, storageDir: string, db: Db): FileStorage {
  if (driver === 'filesystem') {
    let storage = onDisk.get(storageDir);
    if (!storage) onDisk.set(storageDir, (storage = createFsStorage(storageDir)));
    return storage;
  }
  let byDir = inDatabase.get(db);
  if (!byDir) inDatabase.set(db, (byDir = new Map()));
  let storage = byDir.get(storageDir);
  if (!storage) byDir.set(storageDir, (storage = createDbStorage(db, { workDir: storageDir })));
  return storage;
}
