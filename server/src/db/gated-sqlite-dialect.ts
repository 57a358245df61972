import { SqliteDialect } from 'kysely';
import type { DatabaseConnection, Driver, SqliteDialectConfig, TransactionSettings } from 'kysely';
import type { WriteGate } from './write-gate';

/** Kysely's SQLite dialect whose connection is handed out only through the write gate (write-gate.ts). */
export class GatedSqliteDialect extends SqliteDialect {
  constructor(config: SqliteDialectConfig, private readonly gate: WriteGate) {
    super(config);
  }

  override createDriver(): Driver {
    const inner = super.createDriver();
    const gate = this.gate;
    return {
      init: () => inner.init(),
      acquireConnection: async (): Promise<DatabaseConnection> => {
        const shut = gate.passage();
        if (shut) await shut;
        gate.acquired();
        return inner.acquireConnection();
      },
      beginTransaction: (c: DatabaseConnection, s: TransactionSettings) => inner.beginTransaction(c, s),
      commitTransaction: (c: DatabaseConnection) => inner.commitTransaction(c),
      rollbackTransaction: (c: DatabaseConnection) => inner.rollbackTransaction(c),
      releaseConnection: async (c: DatabaseConnection) => {
        await inner.releaseConnection(c);
        gate.released();
      },
      destroy: () => inner.destroy(),
      ...(inner.savepoint ? { savepoint: inner.savepoint.bind(inner) } : {}),
      ...(inner.rollbackToSavepoint ? { rollbackToSavepoint: inner.rollbackToSavepoint.bind(inner) } : {}),
      ...(inner.releaseSavepoint ? { releaseSavepoint: inner.releaseSavepoint.bind(inner) } : {}),
    };
  }
}
