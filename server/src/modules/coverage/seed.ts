import type { Db } from '../../db';
import { DEFAULT_DEMO_SIZE, generateDemoCoverage } from './demo-generator';
import type { DemoOptions } from './demo-generator';
import { hasAddresses, upsertAddresses, upsertBuildings, upsertServices } from './repository';
import type { NewAddress, NewBuilding, NewService } from './repository';

/** Rows collected before a write: large enough for few round trips, small enough to stream. */
const SEED_BATCH = 2_000;

/**
 * Demo coverage size for `seedDemoData`: 20,000 addresses, except under Vitest where every test that
 * seeds would pay for them on both databases (the fixed demo addresses and every branch are in the
 * first few hundred). DEMO_COVERAGE_SIZE overrides both.
 */
export function demoCoverageSize(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.DEMO_COVERAGE_SIZE);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return env.VITEST ? 400 : DEFAULT_DEMO_SIZE;
}

/**
 * Writes the demo coverage (call inside a transaction: one commit for everything). Skipped when the
 * addresses table already holds data (an imported coverage file is never mixed with demo rows).
 * Returns the number of addresses written.
 */
export async function seedCoverage(db: Db, options: DemoOptions = {}): Promise<number> {
  if (await hasAddresses(db)) return 0;
  const buildings = new Map<string, NewBuilding>();
  let addresses: NewAddress[] = [];
  let services: NewService[] = [];
  let written = 0;
  const flush = async () => {
    // Buildings first: addresses point at them.
    await upsertBuildings(db, [...buildings.values()]);
    await upsertAddresses(db, addresses);
    await upsertServices(db, services);
    written += addresses.length;
    buildings.clear();
    addresses = [];
    services = [];
  };
  for (const demo of generateDemoCoverage(options)) {
    if (demo.building) buildings.set(demo.building.id_building, demo.building);
    addresses.push(demo.address);
    services.push(...demo.services);
    if (addresses.length >= SEED_BATCH) await flush();
  }
  if (addresses.length > 0) await flush();
  return written;
}
