import type { Db } from '../../src/db';
import { DEMO_ADDRESSES, seedCoverage } from '../../src/modules/coverage';

/*
 * Every order is at an address the coverage data knows (orders/new refuses any other). Tests put their
 * orders at the demo's fixed addresses (Via Roma 1..10, Roma): `coverage: true` in buildTestApp writes
 * those ten and nothing else.
 */

/** Via Roma 1, 00185 Roma: Open Fiber, cluster A, FTTH up to 10 Gbit/s (every offer of the demo catalogue's FTTH range is sold there). */
export const TEST_ADDRESS_ID = DEMO_ADDRESSES[0]!.id_egon_civico;

/** The id of the demo address Via Roma `n` (see DEMO_ADDRESSES for what each one is). */
export const demoAddressId = (n: number): string => DEMO_ADDRESSES.find((a) => a.number === n)!.id_egon_civico;

/** Via Roma 1 as its coverage record names it: what step-address sends for an order there. */
export const TEST_ACTIVATION = { address: 'Via Roma', number: '1', city: 'Roma', zip_code: '00185', province: 'RM' } as const;

/** Writes the ten fixed demo addresses (idempotent: skipped when the database holds addresses). */
export const seedTestCoverage = async (db: Db): Promise<void> => {
  await seedCoverage(db, { size: DEMO_ADDRESSES.length });
};
