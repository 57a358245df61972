import { createDb, migrate } from '../../src/db';
import { seedDemoData } from '../../src/demo-seed';

/*
 * `node --import tsx prepare-template.ts <database url> empty|seeded`: migrates the database, and seeds
 * the demo data when asked, for template-databases.ts.
 */
const [url, kind] = process.argv.slice(2);
if (!url || (kind !== 'empty' && kind !== 'seeded')) throw new Error('usage: prepare-template.ts <database url> empty|seeded');
const handle = createDb(url);
try {
  await migrate(handle.db);
  if (kind === 'seeded') await seedDemoData(handle.db);
} finally {
  // SQLite: the last connection's close folds the WAL into the file and removes it. PostgreSQL: a
  // template must have no connection while it is copied.
  await handle.destroy();
}
