import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { lockForTransaction } from '../../db';
import type { Db } from '../../db';
import type { MessageChannels } from '../../infra/messaging/channels';
import { renderContractPdf } from '../../infra/pdf/contract-pdf';
import { appendEvidencePage } from '../../infra/pdf/evidence-page';
import { notFound } from '../../http/errors';
import { getOrderForSignature, markOrderStatus, toOrderRef } from '../orders/service';
import type { OrderForSignature } from '../orders/service';
import { buildContractData } from './contract-data';
import { maskEmail, maskPhone, toItalianE164 } from './masking';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS, generateOtp, hashOtp, otpMatches } from './otp-code';
import {
  appendEvidence, claimOtp, claimSendSlot, countWrongAttempt, findContact, findEvidence, findOtp, insertDocument, insertOtp,
  invalidateOtp, invalidatePendingOtps, latestDocument, latestOtp, maxDocumentId, sendsSince, upsertContact,
} from './repository';
import type { DocumentRow } from './repository';
import { signatureErrors } from './signature-errors';

/*
 * Issue 4 "Mobile number", "One-time code", "Contract preview", "Sign with the one-time code" (DESIGN §3).
 *
 * The code is bound to one preview: send-otp needs a current preview and stores its SHA-256 with the
 * code; signing checks the code against that same hash and signs exactly those bytes (+ an evidence page).
 */

export interface SendLimits {
  /** Codes per order in a rolling hour. */
  perOrderPerHour: number;
  /** Codes asked from one client IP in a rolling hour (across orders). */
  perIpPerHour: number;
}

export const DEFAULT_SEND_LIMITS: SendLimits = { perOrderPerHour: 5, perIpPerHour: 20 };
const HOUR_MS = 3_600_000;

/** Only for development and tests: production requires OTP_PEPPER (assertSignatureConfig). */
export const DEVELOPMENT_OTP_PEPPER = 'development-only-otp-pepper-not-a-secret';

export interface SignatureDeps {
  db: Db;
  config: Pick<Config, 'brandName' | 'productName' | 'sepaCreditorId' | 'sepaCreditorName' | 'storageDir' | 'otpPepper'>;
  channels: MessageChannels;
  now: () => Date;
  limits: SendLimits;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const slug = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'contratto';
const secondsUntil = (when: number, now: Date): number => Math.max(1, Math.ceil((when - now.getTime()) / 1000));

/** Writes a file through a temporary name: a reader never sees half a PDF. */
async function writeFileAtomic(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
}

export function createSignatureService(deps: SignatureDeps) {
  const { db, config, channels, limits } = deps;
  const pepper = config.otpPepper ?? DEVELOPMENT_OTP_PEPPER;
  const orderDir = (orderId: string): string => path.join(config.storageDir, orderId);

  function assertSignable(order: OrderForSignature): void {
    if (order.status === 'signed') throw signatureErrors.alreadySigned();
    if (order.status !== 'ready_to_sign') throw signatureErrors.orderNotReady(order.status);
  }

  /** The number codes go to: change-mobile-phone-number's, else the order's own. */
  async function mobileOf(order: OrderForSignature): Promise<string> {
    const contact = await findContact(db, order.id);
    if (contact) return contact.mobile_phone_number;
    return typeof order.fields.mobile_phone_number === 'string' ? order.fields.mobile_phone_number : '';
  }

  /** The preview a code can be bound to: the latest one, unless the number changed after it. */
  async function currentPreview(order: OrderForSignature): Promise<DocumentRow | null> {
    const preview = await latestDocument(db, order.id, 'preview');
    if (!preview) return null;
    const contact = await findContact(db, order.id);
    return contact && preview.id <= contact.after_document_id ? null : preview;
  }

  return {
    async changeMobilePhoneNumber(hash: string, number: string): Promise<{ ok: true }> {
      const order = await getOrderForSignature(db, hash);
      if (order.status === 'signed') throw signatureErrors.alreadySigned();
      if (order.status === 'cancelled') throw signatureErrors.orderNotReady(order.status);
      const e164 = toItalianE164(number);
      if (!e164) throw signatureErrors.destinationMissing('mobile_phone_number');
      const national = e164.slice(3);
      const now = deps.now().toISOString();
      await db.transaction().execute(async (trx) => {
        // Previews so far print the old number: they stop counting, and so does any code sent for them.
        await upsertContact(trx, order.id, national, await maxDocumentId(trx, order.id), now);
        await invalidatePendingOtps(trx, order.id, now);
      });
      return { ok: true };
    },

    async contractPreview(hash: string): Promise<{ pdf_base64: string; sha256: string; filename: string }> {
      const order = await getOrderForSignature(db, hash);
      assertSignable(order);
      const data = buildContractData({ order, mobile: await mobileOf(order), config });
      const pdf = await renderContractPdf(data);
      const digest = sha256(pdf);
      const file = path.join(orderDir(order.id), `contract-preview-${digest}.pdf`);
      await writeFileAtomic(file, pdf);
      // The same bytes as the current preview: nothing new to record (a code sent for it stays valid).
      const current = await currentPreview(order);
      if (!current || current.sha256 !== digest) {
        await insertDocument(db, { order_id: order.id, kind: 'preview', sha256: digest, path: file, created_at: deps.now().toISOString() });
      }
      return { pdf_base64: pdf.toString('base64'), sha256: digest, filename: `contratto-${slug(config.brandName)}-anteprima.pdf` };
    },

    async sendOtp(hash: string, mode: 'sms' | 'email', client: ClientInfo) {
      const order = await getOrderForSignature(db, hash);
      assertSignable(order);
      const preview = await currentPreview(order);
      if (!preview) throw signatureErrors.previewRequired();
      const channel = channels[mode];
      if (!channel) throw signatureErrors.channelUnavailable(mode);

      let to: string | null;
      let masked: string;
      if (mode === 'sms') {
        to = toItalianE164(await mobileOf(order));
        if (!to) throw signatureErrors.destinationMissing('mobile_phone_number');
        masked = maskPhone(to);
      } else {
        const email = typeof order.fields.email === 'string' ? order.fields.email.trim().toLowerCase() : '';
        to = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
        if (!to) throw signatureErrors.destinationMissing('email');
        masked = maskEmail(to);
      }

      const now = deps.now();
      const nowIso = now.toISOString();
      const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
      const code = generateOtp();
      const otpId = randomUUID();
      await db.transaction().execute(async (trx) => {
        // The cooldown is claimed first and under a row lock: from here on this order's sends run one at a time.
        const slot = await claimSendSlot(trx, order.id, now, OTP_RESEND_COOLDOWN_MS);
        if (!slot.ok) throw signatureErrors.cooldown(secondsUntil(new Date(slot.lastSentAt).getTime() + OTP_RESEND_COOLDOWN_MS, now));
        const perOrder = await sendsSince(trx, { orderId: order.id }, hourAgo);
        if (perOrder.count >= limits.perOrderPerHour) {
          throw signatureErrors.sendLimit(secondsUntil(new Date(perOrder.oldest ?? nowIso).getTime() + HOUR_MS, now));
        }
        // Sends of one IP span orders (no common row is locked): two concurrent sends, in one process or two, must not both pass the count.
        await lockForTransaction(trx, `otp-sends-ip:${client.ip}`);
        const perIp = await sendsSince(trx, { ip: client.ip }, hourAgo);
        if (perIp.count >= limits.perIpPerHour) {
          throw signatureErrors.ipLimit(secondsUntil(new Date(perIp.oldest ?? nowIso).getTime() + HOUR_MS, now));
        }
        // A new code replaces the pending one.
        await invalidatePendingOtps(trx, order.id, nowIso);
        await insertOtp(trx, {
          id: otpId, order_id: order.id, channel: mode, masked_destination: masked,
          code_hash: hashOtp(pepper, otpId, preview.sha256, code), document_sha256: preview.sha256, ip: client.ip,
          created_at: nowIso, expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(), used_at: null, invalidated_at: null,
        });
      });

      try {
        await channel.send({
          to,
          subject: `${config.brandName}: codice per firmare il contratto`,
          text: `${config.brandName}: il tuo codice per firmare il contratto è ${code}. Vale 10 minuti. Non comunicarlo a nessuno.`,
        });
      } catch {
        // Nobody received it: void it so the next attempt is a fresh code (the send still counts towards the limits).
        await invalidateOtp(db, otpId, deps.now().toISOString());
        throw signatureErrors.deliveryFailed();
      }
      return { sent: true as const, channel: mode, destination: masked, resend_after_seconds: Math.ceil(OTP_RESEND_COOLDOWN_MS / 1000) };
    },

    async signWithOtp(hash: string, code: string, client: ClientInfo) {
      const order = await getOrderForSignature(db, hash);
      assertSignable(order);
      const otp = await latestOtp(db, order.id);
      if (!otp) throw signatureErrors.otpRequired();
      if (otp.used_at !== null) throw signatureErrors.used();
      if (otp.invalidated_at !== null) throw signatureErrors.otpInvalidated();
      if (otp.attempts >= OTP_MAX_ATTEMPTS) throw signatureErrors.locked();
      const now = deps.now();
      const nowIso = now.toISOString();
      if (otp.expires_at <= nowIso) throw signatureErrors.expired();
      const preview = await currentPreview(order);
      if (!preview || preview.sha256 !== otp.document_sha256) throw signatureErrors.documentChanged();

      if (!otpMatches(pepper, otp.id, otp.document_sha256, code, otp.code_hash)) {
        const attempts = await countWrongAttempt(db, otp.id, OTP_MAX_ATTEMPTS);
        if (attempts === null) {
          const fresh = await findOtp(db, otp.id);
          throw fresh?.used_at ? signatureErrors.used() : fresh?.invalidated_at ? signatureErrors.otpInvalidated() : signatureErrors.locked();
        }
        throw signatureErrors.wrong(OTP_MAX_ATTEMPTS - attempts);
      }

      // The signed file is built before the transaction (no slow work while holding locks) and removed if it loses.
      const previewBytes = await readFile(preview.path);
      if (sha256(previewBytes) !== preview.sha256) throw new Error(`stored preview of order ${order.id} does not match its hash`);
      const signedPdf = await appendEvidencePage(previewBytes, {
        brandName: config.brandName, orderCode: order.hash, signedAt: now, channel: otp.channel,
        maskedDestination: otp.masked_destination, ip: client.ip, userAgent: client.userAgent, previewSha256: preview.sha256,
      });
      const signedSha = sha256(signedPdf);
      // A name of its own: the loser of a double click removes its file, never the winner's.
      const signedFile = path.join(orderDir(order.id), `contract-signed-${signedSha.slice(0, 16)}-${randomUUID()}.pdf`);
      await writeFileAtomic(signedFile, signedPdf);

      try {
        await db.transaction().execute(async (trx) => {
          // Exactly one caller marks the code used; a double click's second request stops here.
          if (!(await claimOtp(trx, otp.id, nowIso, OTP_MAX_ATTEMPTS))) {
            const fresh = await findOtp(trx, otp.id);
            throw fresh?.used_at ? signatureErrors.used() : fresh?.invalidated_at ? signatureErrors.otpInvalidated()
              : fresh && fresh.attempts >= OTP_MAX_ATTEMPTS ? signatureErrors.locked() : signatureErrors.expired();
          }
          await insertDocument(trx, { order_id: order.id, kind: 'signed', sha256: signedSha, path: signedFile, created_at: nowIso });
          await appendEvidence(trx, {
            id: randomUUID(), order_id: order.id, otp_id: otp.id, signed_at: nowIso, channel: otp.channel,
            masked_destination: otp.masked_destination, ip: client.ip, user_agent: client.userAgent,
            preview_sha256: preview.sha256, signed_sha256: signedSha,
          });
          await markOrderStatus(trx, order.id, 'signed', now);
        });
      } catch (err) {
        await rm(signedFile, { force: true });
        throw err;
      }
      return { signed: true as const, order: toOrderRef({ hash: order.hash, status: 'signed' }), signed_at: nowIso, document_sha256: signedSha };
    },

    /** The signed PDF of a signed order (404 otherwise, the same answer as an unknown order). */
    async signedContract(hash: string): Promise<{ bytes: Buffer; filename: string }> {
      const order = await getOrderForSignature(db, hash);
      const evidence = await findEvidence(db, order.id);
      const doc = evidence ? await latestDocument(db, order.id, 'signed') : undefined;
      if (!evidence || !doc) throw notFound('Contratto firmato non disponibile');
      return { bytes: await readFile(doc.path), filename: `contratto-${slug(config.brandName)}-firmato.pdf` };
    },
  };
}

export type SignatureService = ReturnType<typeof createSignatureService>;
