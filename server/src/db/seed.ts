import type { Transaction } from 'kysely';
import { seedPromoCodes } from '../modules/catalog/seed';
import { demoCoverageSize, seedCoverage } from '../modules/coverage/seed';
import { seedMobileOrders } from '../modules/mobile/seed';
import { seedRefererCodes } from '../modules/orders/seed';
import { seedPremadeOrders } from '../modules/premade/seed';
import type { Db } from './create-db';
import { getMeta, setMeta } from './meta';
import type { DB as Database } from './types';

export type Seeder = (trx: Transaction<Database>) => Promise<void>;

/**
 * Demo data seeders, run in this order inside one transaction (DESIGN §3: catalogue, promo codes,
 * coverage, pre-made and mobile orders). Modules add theirs here; the tests use the same seed.
 */
const seeders: Seeder[] = [
  // e.g. seedCatalog from '../modules/catalog/seed',
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
  await db.transaction().execute(async (trx) => {
    for (const seed of seeders) await seed(trx);
    await setMeta(trx, SEEDED_KEY, new Date().toISOString());
  });
  return true;
}
