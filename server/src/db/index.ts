export { createDb, dialectOf, dialectOfUrl } from './create-db';
export type { Db, DbHandle, DialectName } from './create-db';
export { migrate, pendingMigrations } from './migrate';
export { getMeta, setMeta } from './meta';
export { lockForTransaction } from './transaction-lock';
export type { DB as Database } from './types';
