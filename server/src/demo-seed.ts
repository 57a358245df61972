import type { Transaction } from 'kysely';
import { getMeta } from './db';
import type { Database, Db } from './db';
import { seedPromoCodes } from './modules/catalog';
import { demoCoverageSize, seedCoverage } from './modules/coverage';
import { seedMobileOrders } from './modules/mobile';
import { seedRefererCodes } from './modules/orders';
import { seedPremadeOrders } from './modules/premade';

export type Seeder = (trx: Transaction<Database>) => Promise<void>;

/**
 * Demo data seeders, run in this order inside one transaction (DESIGN §3: catalogue, promo codes,
 * coverage, pre-made and mobile orders). Modules add theirs here; the tests use the same seed.
 * Above the modules (not in db/): the database floor imports no feature.
 */
const seeders: Seeder[] = [
  seedPromoCodes,
  async (trx) => { await seedCoverage(trx, { size: demoCoverageSize() }); },
  seedRefererCodes,
  seedPremadeOrders,
  seedMobileOrders,
];

const SEEDED_KEY = 'demo_seeded_at';

/** Seeds the demo data once: a database that was seeded before (or that already holds data) is left alone. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if ((await getMeta(db, SEEDED_KEY)) !== undefined) return false;
  return db.transaction().execute(async (trx) => {
    // The claim is the transaction's first statement, a write: of two processes starting together one
    // takes it, the other waits for that commit (row lock; SQLite's write lock) and then finds it taken.
    const at = new Date().toISOString();
    const claimed = await trx.insertInto('app_meta').values({ key: SEEDED_KEY, value: at, updated_at: at })
      .onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    for (const seed of seeders) await seed(trx);
    return true;
  });
}
