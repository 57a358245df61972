import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@checkout/contract';
import type { Transaction } from 'kysely';
import { lockForTransaction } from '../../db';
import type { Database } from '../../db';
import { AppError } from '../../http/errors';
import type { Conn } from '../orders';

/*
 * How much an upload may store, besides the 10 MB per file: per order (six files and 30 MB, what a
 * few phone photos of an identity document and a health card take), per client address (bytes stored
 * in a rolling hour, across orders and server processes, so nobody fills the disk by opening orders),
 * and in all (STORAGE_BUDGET_BYTES, so a flood cannot fill the disk the database shares). Checked twice:
 * from what is already stored before the body is read (a full order, client or disk is refused without
 * reading a byte), and with the file's real size in the transaction that records it, under one lock so
 * that concurrent uploads cannot together pass a limit.
 */

export const MAX_FILES_PER_ORDER = 6;
export const MAX_BYTES_PER_ORDER = 30 * 1024 * 1024;
const HOUR_MS = 3_600_000;
/** How long an upload counts against its client's hourly quota. */
export const UPLOAD_CLAIM_WINDOW_MS = HOUR_MS;
/** One lock for every upload's quota check (also taken by the retention prune). */
export const UPLOAD_QUOTAS_LOCK = 'documents-upload-quotas';
const MB = 1024 * 1024;

export interface UploadQuotas {
  storageBudgetBytes: number;
  bytesPerClientPerHour: number;
}

export const QUOTA_MESSAGES_IT = {
  tooMany: `Hai già caricato ${MAX_FILES_PER_ORDER} documenti, il massimo per un ordine: eliminane uno per caricarne un altro.`,
  orderBytes: `I documenti di un ordine possono occupare al massimo ${MAX_BYTES_PER_ORDER / MB} MB in tutto: eliminane uno per caricarne un altro.`,
  clientBytes: (minutes: number) => `Hai caricato troppi file in poco tempo: riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
  storageFull: 'Al momento non è possibile caricare documenti: riprova più tardi o contatta il servizio clienti.',
} as const;

const tooMany = (): AppError => new AppError(ERROR_CODES.conflict, 409, QUOTA_MESSAGES_IT.tooMany, { file: QUOTA_MESSAGES_IT.tooMany });
const orderFull = (): AppError => new AppError(ERROR_CODES.conflict, 409, QUOTA_MESSAGES_IT.orderBytes, { file: QUOTA_MESSAGES_IT.orderBytes });
const storageFull = (): AppError => new AppError(ERROR_CODES.storageFull, 507, QUOTA_MESSAGES_IT.storageFull, { file: QUOTA_MESSAGES_IT.storageFull });
const clientLimited = (seconds: number): AppError => {
  const message = QUOTA_MESSAGES_IT.clientBytes(Math.max(1, Math.ceil(seconds / 60)));
  return new AppError(ERROR_CODES.rateLimited, 429, message, { file: message }, { retry_after_seconds: seconds });
};

async function orderUsage(db: Conn, orderId: string): Promise<{ files: number; bytes: number }> {
  const row = await db.selectFrom('medias')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('size').as('bytes')])
    .where('order_id', '=', orderId).executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

async function storedBytes(db: Conn): Promise<number> {
  const row = await db.selectFrom('medias').select((eb) => eb.fn.sum<number>('size').as('bytes')).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

async function clientUsage(db: Conn, ip: string, now: Date): Promise<{ bytes: number; oldest: string | null }> {
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const row = await db.selectFrom('upload_claims')
    .select((eb) => [eb.fn.sum<number>('bytes').as('bytes'), eb.fn.min('created_at').as('oldest')])
    .where('ip', '=', ip).where('created_at', '>', since).executeTakeFirst();
  return { bytes: Number(row?.bytes ?? 0), oldest: (row?.oldest as string | null | undefined) ?? null };
}

/** Seconds until the client's oldest counted upload leaves the hour (at least 1). */
const retryAfter = (oldest: string | null, now: Date): number =>
  Math.max(1, Math.ceil(((oldest ? Date.parse(oldest) : now.getTime()) + HOUR_MS - now.getTime()) / 1000));

export interface QuotaInput { orderId: string; ip: string; now: Date; quotas: UploadQuotas }

/** Before the body: refuses when the order, the client or the storage has no room left for any file. */
export async function assertRoomBeforeBody(db: Conn, { orderId, ip, now, quotas }: QuotaInput): Promise<void> {
  const order = await orderUsage(db, orderId);
  if (order.files >= MAX_FILES_PER_ORDER) throw tooMany();
  if (order.bytes >= MAX_BYTES_PER_ORDER) throw orderFull();
  const client = await clientUsage(db, ip, now);
  if (client.bytes >= quotas.bytesPerClientPerHour) throw clientLimited(retryAfter(client.oldest, now));
  if ((await storedBytes(db)) >= quotas.storageBudgetBytes) throw storageFull();
}

/**
 * In the transaction that records a file of `bytes`: refuses when it does not fit, otherwise counts it
 * for the client. The caller holds the order's lock; this adds one lock for every upload's quotas.
 */
export async function claimUploadRoom(trx: Transaction<Database>, { orderId, ip, now, quotas, bytes }: QuotaInput & { bytes: number }): Promise<void> {
  await lockForTransaction(trx, UPLOAD_QUOTAS_LOCK);
  const order = await orderUsage(trx, orderId);
  if (order.files >= MAX_FILES_PER_ORDER) throw tooMany();
  if (order.bytes + bytes > MAX_BYTES_PER_ORDER) throw orderFull();
  const client = await clientUsage(trx, ip, now);
  if (client.bytes + bytes > quotas.bytesPerClientPerHour) throw clientLimited(retryAfter(client.oldest, now));
  if ((await storedBytes(trx)) + bytes > quotas.storageBudgetBytes) throw storageFull();
  // This client's counts older than the hour serve nothing (only its own rows: the lock covers them).
  await trx.deleteFrom('upload_claims').where('ip', '=', ip).where('created_at', '<=', new Date(now.getTime() - HOUR_MS).toISOString()).execute();
  await trx.insertInto('upload_claims').values({ id: randomUUID(), ip, bytes, created_at: now.toISOString() }).execute();
}
