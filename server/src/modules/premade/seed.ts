import type { Transaction } from 'kysely';
import type { DB as Database } from '../../db/types';
import { createPremadeOrder } from './premade-order';
import { followCheckoutSteps, moveToSigned } from '../orders';
import { addressFields } from './address-fields';

/**
 * Demo pre-made orders (docs/side-flows.md): two with the customer's contact data (they open with the
 * code sent to the demo mobile number; the end-to-end suite's two window sizes each take one), one
 * with only the offer and the address (opens at once), one expired, one already signed.
 * The demo codes do not expire with the usual 30 days, so an old demo database keeps working.
 */
export const DEMO_PREMADE = {
  code: 'PRE2026DEMO',
  secondCode: 'PRE2026BIS',
  openCode: 'PRE2026OFFERTA',
  expiredCode: 'PRE2025SCAD',
  signedCode: 'PRE2026FIRM',
  offerId: 101,
  idEgonCivico: '0580910000001',
} as const;

const MARIO = { first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.com', mobile_phone_number: '3331234567' };

export async function seedPremadeOrders(trx: Transaction<Database>): Promise<void> {
  const now = new Date();
  const address = await addressFields(trx, DEMO_PREMADE.idEgonCivico, 'privato');
  const fields = { ...MARIO, ...address };
  const forever = new Date('2099-12-31T23:59:59Z');
  await createPremadeOrder(trx, { offerId: DEMO_PREMADE.offerId, fields, optionIds: [10], code: DEMO_PREMADE.code, expiresAt: forever, now });
  await createPremadeOrder(trx, { offerId: DEMO_PREMADE.offerId, fields, optionIds: [10], code: DEMO_PREMADE.secondCode, expiresAt: forever, now });
  await createPremadeOrder(trx, { offerId: DEMO_PREMADE.offerId, fields: address, optionIds: [10], code: DEMO_PREMADE.openCode, expiresAt: forever, now });
  await createPremadeOrder(trx, { offerId: DEMO_PREMADE.offerId, fields, code: DEMO_PREMADE.expiredCode, expiresAt: new Date('2025-01-31T23:59:59Z'), now: new Date('2025-01-01T09:00:00Z') });
  const signed = await createPremadeOrder(trx, { offerId: DEMO_PREMADE.offerId, fields, code: DEMO_PREMADE.signedCode, expiresAt: new Date('2099-12-31T23:59:59Z'), now });
  // Signed as a customer would have, through the table's moves (its steps are not needed to refuse its code).
  await followCheckoutSteps(trx, signed.id, 'draft', 'in_progress', now);
  await followCheckoutSteps(trx, signed.id, 'in_progress', 'ready_to_sign', now);
  await moveToSigned(trx, signed.id, now, { ip: null, userAgent: null });
}
