import type { Kysely } from 'kysely';
import type { DB as Database } from '../../db/types';
import { createMobileOrder } from './service';

/**
 * Demo mobile orders (docs/side-flows.md). The short hashes are fixed so the README can link the pages;
 * real ones are random (96 bits).
 */
export const DEMO_MOBILE = {
  awaitingMnp: { shortHash: 'demoMnpAwaiting1', orderNumber: 'MO-2026-000101', iccid: '8939010000000000025' },
  ready: { shortHash: 'demoSimReady0001', orderNumber: 'MO-2026-000123', iccid: '8939010000000000017' },
  active: { shortHash: 'demoSimActive001', orderNumber: 'MO-2026-000999', iccid: '8939010000000000033' },
} as const;

export async function seedMobileOrders(trx: Kysely<Database>): Promise<void> {
  const { awaitingMnp, ready, active } = DEMO_MOBILE;
  await createMobileOrder(trx, {
    ...awaitingMnp, mobilePhoneNumber: '3201234567', donorOperator: 'tim', numberToPort: '3471234567',
    oldIccid: '8939880000000000014', holderFirstName: 'Mario', holderLastName: 'Rossi', holderCf: 'RSSMRA80A01H501U',
  });
  await createMobileOrder(trx, { ...ready, mobilePhoneNumber: '3209876543' });
  await createMobileOrder(trx, { ...active, mobilePhoneNumber: '3205555555', status: 'active' });
}
