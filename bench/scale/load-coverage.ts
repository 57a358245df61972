import { sql } from 'kysely';
import type { Db } from '../../server/src/db';
import { generateDemoCoverage, mulberry32 } from '../../server/src/modules/coverage/demo-generator';
import type { NewAddress, NewBuilding, NewService } from '../../server/src/modules/coverage/repository';

/** Addresses per multi-row INSERT (12 columns × 1,000 = 12,000 parameters, under both dialects' limits). */
export const INSERT_ROWS = 1_000;
/** Addresses per transaction: one commit per 50k rows keeps the WAL (SQLite) and memory bounded. */
export const TRANSACTION_ROWS = 50_000;

export interface SampleAddress { id_comune: string; street_type: string; street_name: string; number_num: number }

export interface LoadResult { addresses: number; services: number; seconds: number; sample: SampleAddress[] }

async function insertBatch(db: Db, buildings: Map<string, NewBuilding>, addresses: NewAddress[], services: NewService[]): Promise<void> {
  // A building's civic numbers can straddle two batches: the second insert of it is skipped.
  if (buildings.size > 0) await db.insertInto('buildings').values([...buildings.values()]).onConflict((oc) => oc.column('id_building').doNothing()).execute();
  if (addresses.length > 0) await db.insertInto('addresses').values(addresses).execute();
  for (let i = 0; i < services.length; i += INSERT_ROWS) {
    await db.insertInto('address_services').values(services.slice(i, i + INSERT_ROWS)).execute();
  }
}

/**
 * Writes `size` demo addresses (the server's deterministic generator) with multi-row inserts inside
 * transactions of TRANSACTION_ROWS, then ANALYZE (what an operator runs after a bulk import), and keeps a
 * reservoir sample of `sampleSize` addresses to query.
 */
export async function loadCoverage(db: Db, size: number, sampleSize: number, seed = 7): Promise<LoadResult> {
  const started = performance.now();
  const rng = mulberry32(seed);
  const sample: SampleAddress[] = [];
  const source = generateDemoCoverage({ size });
  let seen = 0;
  let serviceCount = 0;
  let done = false;
  while (!done) {
    await db.transaction().execute(async (trx) => {
      let inTransaction = 0;
      while (inTransaction < TRANSACTION_ROWS) {
        const buildings = new Map<string, NewBuilding>();
        const addresses: NewAddress[] = [];
        const services: NewService[] = [];
        while (addresses.length < INSERT_ROWS) {
          const next = source.next();
          if (next.done) { done = true; break; }
          const d = next.value;
          if (d.building) buildings.set(d.building.id_building, d.building);
          addresses.push(d.address);
          services.push(...d.services);
          // Reservoir sampling (algorithm R): every address has the same chance to be queried.
          const a = { id_comune: d.address.id_comune, street_type: d.address.street_type, street_name: d.address.street_name, number_num: d.address.number_num };
          if (seen < sampleSize) sample.push(a);
          else { const j = Math.floor(rng() * (seen + 1)); if (j < sampleSize) sample[j] = a; }
          seen++;
        }
        await insertBatch(trx, buildings, addresses, services);
        serviceCount += services.length;
        inTransaction += addresses.length;
        if (done) break;
      }
    });
  }
  await sql`ANALYZE`.execute(db);
  return { addresses: seen, services: serviceCount, seconds: (performance.now() - started) / 1000, sample };
}
