import type { Medias } from '../../db/types';
import type { Conn } from '../orders';

/** A stored document's row (table `medias`). */
export type MediaRow = Medias;

/** Every document of an order, oldest first (for the contract, an operator export). */
export const listOrderMedias = (db: Conn, orderId: string): Promise<MediaRow[]> =>
  db.selectFrom('medias').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

export async function insertMedia(db: Conn, media: MediaRow): Promise<void> {
  await db.insertInto('medias').values(media).execute();
}

/** One document of one order (another order's id is as good as none). */
export const findOrderMedia = (db: Conn, orderId: string, mediaId: string): Promise<Pick<MediaRow, 'id' | 'stored_name'> | undefined> =>
  db.selectFrom('medias').select(['id', 'stored_name']).where('id', '=', mediaId).where('order_id', '=', orderId).executeTakeFirst();

export async function deleteMediaRow(db: Conn, mediaId: string): Promise<void> {
  await db.deleteFrom('medias').where('id', '=', mediaId).execute();
}
