import type { Kysely } from 'kysely';
import type { DB as Database } from '../../db/types';

/** Demo "codice amico" codes (docs/orders.md); `SCADUTO2024` is inactive, to try the refused branch. */
export const DEMO_REFERER_CODES = [
  { code: 'AMICO2026', description: 'Codice amico demo', active: 1 },
  { code: 'PARTNER01', description: 'Partner commerciale demo', active: 1 },
  { code: 'SCADUTO2024', description: 'Codice non più attivo', active: 0 },
] as const;

export async function seedRefererCodes(trx: Kysely<Database>): Promise<void> {
  await trx.insertInto('referer_codes').values(DEMO_REFERER_CODES.map((c) => ({ ...c }))).execute();
}
