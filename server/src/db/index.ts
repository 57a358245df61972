export { createDb, dialectOf, dialectOfUrl, poolStatsOf } from './create-db';
export type { Db, DbHandle, DialectName, PoolStats } from './create-db';
export { migrate, pendingMigrations } from './migrate';
export { getMeta, setMeta } from './meta';
export { lockForTransaction } from './transaction-lock';
export type { DB as Database } from './types';
export { hasDriverHandle, literalLimit, preparedArrays, unplannedInteger, unplannedText } from './prepared';
export type { PreparedArrays } from './prepared';
