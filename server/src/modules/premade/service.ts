import type { z } from 'zod';
import type { endpoints } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { findPremadeOrder } from '../orders/premade';
import { toOrderRef } from '../orders/service';

export type FillOrderAnswer = z.input<typeof endpoints.fillOrder.response>;

/** fill-order's failures (docs/side-flows.md); the web shows a page for each instead of a form. */
export const premadeErrors = {
  notFound: () => new AppError('premade_not_found', 404, 'Codice ordine non valido'),
  expired: () => new AppError('premade_expired', 410, 'Il codice ordine è scaduto: contatta il servizio clienti per riceverne uno nuovo.'),
  cancelled: () => new AppError('premade_expired', 410, "L'ordine non è più disponibile: contatta il servizio clienti."),
  signed: () => new AppError('premade_signed', 409, 'Questo ordine è già stato completato e firmato.'),
};

/**
 * fill-order: the pre-made order of a code, with its fields to prefill. The visitor then continues
 * with the returned order hash through update-order and the normal steps. A signed order wins over
 * its expiry (the customer is told it is done, not that it is too late).
 */
export async function fillOrder(db: Db, code: string | undefined, now: Date = new Date()): Promise<FillOrderAnswer> {
  const order = code === undefined ? null : await findPremadeOrder(db, code);
  if (!order) throw premadeErrors.notFound();
  if (order.status === 'signed') throw premadeErrors.signed();
  if (order.status === 'cancelled') throw premadeErrors.cancelled();
  if (order.expires_at !== null && order.expires_at <= now.toISOString()) throw premadeErrors.expired();
  return {
    order: toOrderRef(order),
    offer_id: order.offer_id,
    fields: { ...order.fields, customer_type: order.customer_type },
  };
}
