import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db';

export type Conn = Kysely<Database> | Transaction<Database>;

/** What a message reads of an order when it is sent. */
export interface OrderForMessage {
  id: string;
  order_number: string;
  customer_type: 'privato' | 'business';
  offer_id: number;
  fields_json: string;
  signed_at: string | null;
  /** The mobile number confirmed by a change before the signature (the signature module's), if any. */
  confirmed_mobile: string | null;
}

export const selectOrderForMessage = (db: Conn, orderId: string): Promise<OrderForMessage | undefined> =>
  db.selectFrom('orders')
    .leftJoin('signature_contacts', 'signature_contacts.order_id', 'orders.id')
    .select([
      'orders.id', 'orders.order_number', 'orders.customer_type', 'orders.offer_id', 'orders.fields_json', 'orders.signed_at',
      'signature_contacts.mobile_phone_number as confirmed_mobile',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();

export const selectSlot = (db: Conn, orderId: string, slotId: string) =>
  db.selectFrom('appointment_slots').select(['id', 'starts_at', 'ends_at', 'status']).where('order_id', '=', orderId).where('id', '=', slotId).executeTakeFirst();

/** The order's slots the customer may book or holds (offered, booked), soonest first. */
export const selectLiveSlots = (db: Conn, orderId: string) =>
  db.selectFrom('appointment_slots').select(['id', 'starts_at', 'ends_at', 'status']).where('order_id', '=', orderId).where('status', 'in', ['offered', 'booked'])
    .orderBy('starts_at').orderBy('id').execute();
