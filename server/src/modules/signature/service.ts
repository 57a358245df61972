import { createHash, randomUUID } from 'node:crypto';
import { DEVELOPMENT_OTP_PEPPER } from '../../config';
import type { Config } from '../../config';
import { lockForTransaction } from '../../db';
import type { Db } from '../../db';
import type { MessageChannels } from '../../infra/messaging/channels';
import { renderContractPdf } from '../../infra/pdf/contract-pdf';
import { appendEvidencePage } from '../../infra/pdf/evidence-page';
import { markAsDraft } from '../../infra/pdf/draft-mark';
import type { PdfSealer } from '../../infra/pdf/pdf-seal';
import { renderContractSummaryPdf } from '../../infra/pdf/summary-pdf';
import { emitEvent } from '../../infra/outbox';
import { openStorage } from '../../infra/storage';
import { notFound } from '../../http/errors';
import { configure as configureStringify } from 'safe-stable-stringify';
import { DOCUMENT_TYPES, FEA_CONDITIONS_VERSION, activationStartWording, chosenRouter, identityShortfall, paidOptionLines, pricesIncludeVat, requiredAcceptances, unconfirmedPaidOptions } from '@checkout/contract';
import type { ContractAcceptance, DocumentType, PricedOrder } from '@checkout/contract';
import { listOrderMedias } from '../documents';
import { currentConsents, getOrderForSignature, moveToSigned, priceOrderContent, recordSignedPrice, setSigningLock, toOrderRef } from '../orders';
import type { OrderForSignature, PricedContent } from '../orders';
import { DEFAULT_DESTINATION_LIMITS, askerOf, claimDestinationSend, destinationKey, proveDestination } from './destination-limit';
import type { DestinationLimits } from './destination-limit';
import { buildEvidenceBundle } from './evidence-bundle';
import { buildContractData, buildSummaryFacts, identityDocumentOf } from './contract-data';
import { maskEmail, maskPhone, toItalianE164 } from './masking';
import { currentMobileOf } from './mobile-number-change';
import { orderSignedSnapshot } from './signed-event';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS, generateOtp, hashOtp, otpMatches } from './otp-code';
import {
  appendEvidence, claimOtp, claimSendSlot, countWrongAttempt, findContact, findEvidence, findOtp, insertDocument, insertOtp,
  invalidateOtp, invalidatePendingOtps, latestDocument, latestOtp, sendsSince,
} from './repository';
import type { DocumentRow, OtpRow } from './repository';
import { signatureErrors } from './signature-errors';
import type { SignatureError } from './signature-errors';
import type { ClientInfo } from './client-info';
import { EARLY_ACTIVATION_ACCEPTANCE, parseAcceptances } from './activation-timing';
import { createCustomerFileLinks } from './customer-file-links';
import type { CustomerFile } from './customer-file-links';
import { recordAudit } from '../audit';

/*
 * Issue 4 "Mobile number", "One-time code", "Contract preview", "Sign with the one-time code" (DESIGN §3).
 *
 * The code is bound to one preview: send-otp needs a current preview and stores its SHA-256 with the
 * code; signing checks the code against that same hash and signs exactly those bytes (+ an evidence page).
 */

export interface SendLimits extends DestinationLimits {
  /** Codes per order in a rolling hour. */
  perOrderPerHour: number;
  /** Codes asked from one client IP in a rolling hour (across orders). */
  perIpPerHour: number;
}

export const DEFAULT_SEND_LIMITS: SendLimits = { perOrderPerHour: 5, perIpPerHour: 20, ...DEFAULT_DESTINATION_LIMITS };
const HOUR_MS = 3_600_000;

export { DEVELOPMENT_OTP_PEPPER } from '../../config';

export interface SignatureDeps {
  db: Db;
  config: Pick<Config, 'brandName' | 'brandColour' | 'productName' | 'sepaCreditorId' | 'sepaCreditorName' | 'sepaCreditorAddress' | 'supportEmail' | 'pecAddress' | 'legalPagesUrl' | 'storageDir' | 'storageDriver' | 'otpPepper'>;
  channels: MessageChannels;
  /** The provider's seal over each signed contract (infra/pdf/pdf-seal). */
  sealer: PdfSealer;
  now: () => Date;
  limits: SendLimits;
}

const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** Sorted keys at every level: the same content is the same text, whatever order it was written in. */
const canonicalJson = configureStringify({ deterministic: true, bigint: false, circularValue: Error });

/** The acceptances a code is asked with (contract rules/contract-acceptances). */
export type Acceptances = Record<ContractAcceptance, boolean>;

/**
 * SHA-256 of what the contract is made of: the order's content, the number the code goes to and the
 * server's price lines (which move with the catalogue and the promo's validity). A preview stores it;
 * a code and a signature count only while the order still has it.
 */
export function orderContentHash(order: OrderForSignature, mobile: string, priced: PricedOrder): string {
  const content = {
    offer_id: order.offer_id, customer_type: order.customer_type, is_brand_customer: order.is_brand_customer,
    referer_code: order.referer_code, fields: order.fields, mobile, lines: priced.lines, totals: priced.totals,
  };
  return sha256(canonicalJson(content) ?? '');
}
const slug = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'contratto';
const secondsUntil = (when: number, now: Date): number => Math.max(1, Math.ceil((when - now.getTime()) / 1000));

/** How the evidence page names each acceptance. */
const ACCEPTANCE_LABELS: Record<string, string> = {
  contract_summary_read: 'Sintesi contrattuale letta prima della firma',
  fea_conditions_accepted: `Condizioni della firma elettronica avanzata accettate (versione ${FEA_CONDITIONS_VERSION})`,
  early_activation_requested: 'Richiesta espressa di attivazione durante il periodo di ripensamento (art. 50 c. 3 Codice del Consumo)',
  contract_terms_accepted: 'Condizioni generali di contratto accettate',
  contract_withdrawal_accepted: 'Informativa sul diritto di recesso e modulo di recesso letti',
};

/** A pre-made order's paid line confirmed by the customer is recorded as `paid_option_confirmed:<line key>`. */
const PAID_OPTION_CONFIRMED = 'paid_option_confirmed:';

/** The evidence page's words for an acceptance; a confirmed paid line is named as the contract prints it. */
const acceptanceLabel = (name: string, lineNames: ReadonlyMap<string, string>): string => {
  if (!name.startsWith(PAID_OPTION_CONFIRMED)) return ACCEPTANCE_LABELS[name] ?? name;
  const key = name.slice(PAID_OPTION_CONFIRMED.length);
  return `Opzione a pagamento preparata dal consulente, confermata dal cliente: ${lineNames.get(key) ?? key}`;
};

/** The identity document type step 5 recorded, when it is one the checkout knows. */
const documentTypeOf = (fields: Record<string, unknown>): DocumentType | undefined =>
  DOCUMENT_TYPES.find((type) => type === fields.document_type);

export function createSignatureService(deps: SignatureDeps) {
  const { db, config, channels, limits } = deps;
  const pepper = config.otpPepper ?? DEVELOPMENT_OTP_PEPPER;
  // Contract PDFs sit under the order's key beside its documents, written by the same storage (one atomic
  // write, one file mode). contract_documents.path records the key (older rows: an absolute path, see
  // FileStorage.keyOf).
  const storage = openStorage(config, db);
  const keyOf = (orderId: string, name: string): string => `${orderId}/${name}`;
  const readDocument = (recorded: string): Promise<Buffer> => storage.readAll(storage.keyOf(recorded));
  const writeDocument = async (key: string, bytes: Uint8Array): Promise<string> => {
    await storage.write(key, bytes);
    return key;
  };

  // The signed contract and the evidence bundle: the order's hash and a one-hour link (customer-file-links).
  const fileLinks = createCustomerFileLinks(pepper);
  const filePath = (hash: string, file: CustomerFile, token: string): string =>
    `/api/orders/${encodeURIComponent(hash)}/${file === 'signed_contract' ? 'signed-contract' : 'evidence-bundle'}?link=${token}`;
  function filesOf(hash: string, now: Date) {
    const contract = fileLinks.issue('signed_contract', hash, now);
    const bundle = fileLinks.issue('evidence_bundle', hash, now);
    return {
      signed_contract_url: filePath(hash, 'signed_contract', contract.token),
      evidence_bundle_url: filePath(hash, 'evidence_bundle', bundle.token), expires_at: contract.expiresAt.toISOString(),
    };
  }
  /** The order the link opens: an unknown order, a missing or foreign link all answer 404; a genuine expired one 410. */
  async function openWithLink(hash: string, link: string | undefined, file: CustomerFile): Promise<OrderForSignature> {
    const order = await getOrderForSignature(db, hash);
    const checked = fileLinks.check(link, file, hash, deps.now());
    if (checked === 'expired') throw signatureErrors.linkExpired(order.order_number);
    if (checked !== 'ok') throw notFound(file === 'signed_contract' ? 'Contratto firmato non disponibile' : 'Evidenze della firma non disponibili');
    return order;
  }
  /** Each download is on record: the file holds personal data, and the bundle the signer's address and browser. */
  const auditDownload = (order: OrderForSignature, file: CustomerFile, client: ClientInfo) => recordAudit(db, {
    action: 'customer_file_downloaded', operatorId: null, operatorEmail: null, targetType: 'order', targetId: order.id,
    detail: { order_number: order.order_number, file }, ip: client.ip, userAgent: client.userAgent,
  }, deps.now());

  function assertSignable(order: OrderForSignature): void {
    if (order.status === 'signed') throw signatureErrors.alreadySigned();
    if (order.status !== 'ready_to_sign') throw signatureErrors.orderNotReady(order.status);
  }

  /** The number codes go to: a confirmed change's (mobile-number-change), else the order's own; never a pending one. */
  const mobileOf = (order: OrderForSignature): Promise<string> => currentMobileOf(db, order);

  /** The order's price lines now and the hash of its content (what a preview and a signature bind to). */
  async function contentOf(order: OrderForSignature): Promise<{ mobile: string; priced: PricedOrder; hash: string; content: PricedContent }> {
    const mobile = await mobileOf(order);
    const content = await priceOrderContent(db, order.offer_id, order.customer_type, order.fields, deps.now());
    return { mobile, priced: content.priced, hash: orderContentHash(order, mobile, content.priced), content };
  }

  /** The summary shown with a preview: the one recorded for the same content, if its file is intact. */
  async function summaryFor(order: OrderForSignature, contentHash: string): Promise<{ row: DocumentRow; bytes: Buffer } | null> {
    const row = await latestDocument(db, order.id, 'summary');
    if (!row || row.content_hash !== contentHash) return null;
    const bytes = await readDocument(row.path);
    if (sha256(bytes) !== row.sha256) throw new Error(`stored summary of order ${order.id} does not match its hash`);
    return { row, bytes };
  }

  /**
   * The preview a code can be bound to: the latest one, unless the number changed after it or the
   * order's content is no longer the one it was made from.
   */
  async function currentPreview(order: OrderForSignature, contentHash: string): Promise<DocumentRow | null> {
    const preview = await latestDocument(db, order.id, 'preview');
    if (!preview || preview.content_hash !== contentHash) return null;
    const contact = await findContact(db, order.id);
    return contact && preview.id <= contact.after_document_id ? null : preview;
  }

  /**
   * Why a voided code no longer signs, naming what changed: the number codes go to (confirmed after this
   * code was sent), else the contract's content (the order was reopened and changed), else neither.
   */
  async function voided(order: OrderForSignature, otp: Pick<OtpRow, 'created_at' | 'document_sha256'>): Promise<SignatureError> {
    const contact = await findContact(db, order.id);
    if (contact && contact.updated_at >= otp.created_at) return signatureErrors.otpInvalidated('contact');
    const preview = await currentPreview(order, (await contentOf(order)).hash);
    return !preview || preview.sha256 !== otp.document_sha256 ? signatureErrors.documentChanged() : signatureErrors.otpInvalidated('unknown');
  }

  return {
    /**
     * The contract to sign and its summary (Regulation 2019/2243), rendered from the same data. The
     * contract prints the summary's SHA-256, so the code that signs the contract signs the summary too.
     */
    async contractPreview(hash: string) {
      const order = await getOrderForSignature(db, hash);
      assertSignable(order);
      const content = await contentOf(order);
      const base = buildContractData({ order, priced: content.priced, offer: content.content.offer, mobile: content.mobile, config, consents: await currentConsents(db, order.id) });
      const summaryPdf = await renderContractSummaryPdf(base, buildSummaryFacts({ order, content: content.content, config }));
      const summarySha = sha256(summaryPdf);
      // The general terms print the modem clause of the router this order has.
      const router = chosenRouter(content.content.offer.options, content.content.options);
      const pdf = await renderContractPdf({
        ...base, summarySha256: summarySha, router, traderContacts: { email: config.supportEmail, pec: config.pecAddress },
      });
      const digest = sha256(pdf);
      const summaryFile = await writeDocument(keyOf(order.id, `contract-summary-${summarySha}.pdf`), summaryPdf);
      const file = await writeDocument(keyOf(order.id, `contract-preview-${digest}.pdf`), pdf);
      const nowIso = deps.now().toISOString();
      // The same bytes as the current ones: nothing new to record (a code sent for the preview stays valid).
      const currentSummary = await latestDocument(db, order.id, 'summary');
      if (currentSummary?.sha256 !== summarySha || currentSummary.content_hash !== content.hash) {
        await insertDocument(db, { order_id: order.id, kind: 'summary', sha256: summarySha, path: summaryFile, created_at: nowIso, content_hash: content.hash });
      }
      const current = await currentPreview(order, content.hash);
      if (!current || current.sha256 !== digest) {
        await insertDocument(db, { order_id: order.id, kind: 'preview', sha256: digest, path: file, created_at: nowIso, content_hash: content.hash });
      }
      const brand = slug(config.brandName);
      // The customer reads copies marked as drafts on every page; the hashes are the unmarked records', which the code binds and the signed file carries.
      const [pdfToRead, summaryToRead] = await Promise.all([markAsDraft(pdf), markAsDraft(summaryPdf)]);
      return {
        pdf_base64: pdfToRead.toString('base64'), sha256: digest, filename: `contratto-${brand}-anteprima.pdf`,
        summary: { pdf_base64: summaryToRead.toString('base64'), sha256: summarySha, filename: `sintesi-contrattuale-${brand}-anteprima.pdf` },
        totals: { monthly: content.priced.totals.monthly, one_off: content.priced.totals.oneOff, vat_included: pricesIncludeVat(order.customer_type) },
        // What the agent chose is the customer's only once ticked (Codice del Consumo art. 65 c. 2).
        paid_options_to_confirm: order.premade
          ? paidOptionLines(content.priced).map((l) => ({ key: l.key, name: l.name, monthly: l.monthly, one_off: l.oneOff }))
          : [],
      };
    },

    async sendOtp(
      hash: string, mode: 'sms' | 'email', acceptances: Acceptances, client: ClientInfo,
      choices: { earlyActivation?: boolean; confirmedPaidOptions?: readonly string[] } = {},
    ) {
      const order = await getOrderForSignature(db, hash);
      assertSignable(order);
      const missing = requiredAcceptances(order.customer_type).filter((name) => !acceptances[name]);
      if (missing.length > 0) throw signatureErrors.acceptanceRequired(missing);
      const shortfall = identityShortfall(await listOrderMedias(db, order.id), documentTypeOf(order.fields));
      if (shortfall) throw signatureErrors.identityDocumentRequired(shortfall);
      const current = await contentOf(order);
      // A pre-made order: each paid line the agent prepared is ticked by the customer, or no code.
      const paidLines = order.premade ? paidOptionLines(current.priced) : [];
      const unconfirmed = order.premade ? unconfirmedPaidOptions(current.priced, choices.confirmedPaidOptions ?? []) : [];
      if (unconfirmed.length > 0) throw signatureErrors.paidOptionsUnconfirmed(unconfirmed);
      const preview = await currentPreview(order, current.hash);
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

      const key = destinationKey(pepper, mode, to);
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
        // The number or address itself, whichever order and client ask (one count with withdrawal and consent codes):
        // a draft's number is anyone's to type, so only a browser that proved it asks from the known budget.
        if (!channel.isOutbox) {
          await claimDestinationSend(trx, {
            key, purpose: 'signature', now, limits, asker: askerOf(pepper, client), challengeId: otpId,
            otherChannel: mode === 'sms' ? 'email' : 'sms',
          });
        }
        // A new code replaces the pending one.
        await invalidatePendingOtps(trx, order.id, nowIso);
        const expiresAt = new Date(now.getTime() + OTP_TTL_MS).toISOString();
        const accepted: Record<string, string> = Object.fromEntries(requiredAcceptances(order.customer_type).map((name) => [name, nowIso]));
        // A consumer's express request to start within the 14 days: recorded with the acceptances, never assumed.
        if (choices.earlyActivation && order.customer_type === 'privato') accepted[EARLY_ACTIVATION_ACCEPTANCE] = nowIso;
        for (const line of paidLines) accepted[`${PAID_OPTION_CONFIRMED}${line.key}`] = nowIso;
        await insertOtp(trx, {
          id: otpId, order_id: order.id, channel: mode, masked_destination: masked,
          code_hash: hashOtp(pepper, otpId, preview.sha256, code), document_sha256: preview.sha256, ip: client.ip,
          created_at: nowIso, expires_at: expiresAt, used_at: null, invalidated_at: null, acceptances_json: JSON.stringify(accepted),
        });
        // From now until the code expires (or the visitor goes back) the previewed content is what gets signed.
        await setSigningLock(trx, order.id, expiresAt);
      });

      try {
        await channel.send({
          to,
          subject: `${config.brandName}: codice per firmare il contratto`,
          text: `${config.brandName}: il tuo codice per firmare il contratto è ${code}. Vale 10 minuti. Non comunicarlo a nessuno.`,
        });
      } catch {
        // Nobody received it: void it so the next attempt is a fresh code (the send still counts towards the limits).
        await db.transaction().execute(async (trx) => {
          await invalidateOtp(trx, otpId, deps.now().toISOString());
          await setSigningLock(trx, order.id, null);
        });
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
      if (otp.invalidated_at !== null) throw await voided(order, otp);
      if (otp.attempts >= OTP_MAX_ATTEMPTS) throw signatureErrors.locked();
      const now = deps.now();
      const nowIso = now.toISOString();
      if (otp.expires_at <= nowIso) throw signatureErrors.expired();
      // The order must still be what was previewed (and priced the same today: a promo may have ended).
      const content = await contentOf(order);
      const preview = await currentPreview(order, content.hash);
      if (!preview || preview.sha256 !== otp.document_sha256) throw signatureErrors.documentChanged();

      if (!otpMatches(pepper, otp.id, otp.document_sha256, code, otp.code_hash)) {
        const attempts = await countWrongAttempt(db, otp.id, OTP_MAX_ATTEMPTS);
        if (attempts === null) {
          const fresh = await findOtp(db, otp.id);
          throw fresh?.used_at ? signatureErrors.used() : fresh?.invalidated_at ? await voided(order, otp) : signatureErrors.locked();
        }
        throw signatureErrors.wrong(OTP_MAX_ATTEMPTS - attempts);
      }

      // The signed file is built before the transaction (no slow work while holding locks) and removed if it loses.
      const previewBytes = await readDocument(preview.path);
      if (sha256(previewBytes) !== preview.sha256) throw new Error(`stored preview of order ${order.id} does not match its hash`);
      const acceptances = parseAcceptances(otp.acceptances_json);
      const activationText = activationStartWording({
        customerType: order.customer_type, signedAt: now, earlyActivationRequested: acceptances.some(([name]) => name === EARLY_ACTIVATION_ACCEPTANCE),
      });
      // The summary travels with the signed contract, after its pages (the contract already names its hash).
      const summary = await summaryFor(order, preview.content_hash ?? '');
      const evidencePdf = await appendEvidencePage(previewBytes, {
        brandName: config.brandName, accentColour: config.brandColour, orderCode: order.order_number, signedAt: now, channel: otp.channel,
        maskedDestination: otp.masked_destination, ip: client.ip, userAgent: client.userAgent, previewSha256: preview.sha256,
        ...(summary ? { annexes: [{ name: 'sintesi contrattuale', pdf: summary.bytes }], summarySha256: summary.row.sha256 } : {}),
        identityDocument: identityDocumentOf(order.fields),
        // The choice either way: a consumer who did not ask reads when the service will start.
        activationStart: activationText ?? undefined,
        acceptances: acceptances.map(([name, at]) => [acceptanceLabel(name, new Map(content.priced.lines.map((l) => [l.key, l.name]))), new Date(at)]),
      });
      // Sealed last: any change to the file after this shows in every PDF reader.
      const signedPdf = await deps.sealer.seal(evidencePdf, now);
      const signedSha = sha256(signedPdf);
      // A name of its own: the loser of a double click removes its file, never the winner's.
      const signedKey = keyOf(order.id, `contract-signed-${signedSha.slice(0, 16)}-${randomUUID()}.pdf`);
      const signedFile = await writeDocument(signedKey, signedPdf);

      try {
        await db.transaction().execute(async (trx) => {
          // Exactly one caller marks the code used; a double click's second request stops here.
          if (!(await claimOtp(trx, otp.id, nowIso, OTP_MAX_ATTEMPTS))) {
            const fresh = await findOtp(trx, otp.id);
            // Inside the transaction: no other query to find out why (a rare race with a reopen or a new number).
            throw fresh?.used_at ? signatureErrors.used() : fresh?.invalidated_at ? signatureErrors.otpInvalidated('unknown')
              : fresh && fresh.attempts >= OTP_MAX_ATTEMPTS ? signatureErrors.locked() : signatureErrors.expired();
          }
          await insertDocument(trx, { order_id: order.id, kind: 'signed', sha256: signedSha, path: signedFile, created_at: nowIso });
          await appendEvidence(trx, {
            id: randomUUID(), order_id: order.id, otp_id: otp.id, signed_at: nowIso, channel: otp.channel,
            masked_destination: otp.masked_destination, ip: client.ip, user_agent: client.userAgent,
            preview_sha256: preview.sha256, signed_sha256: signedSha, acceptances_json: otp.acceptances_json,
          });
          // The row's price becomes the signed one (it was the last step's; a promo may have ended since).
          await recordSignedPrice(trx, order.id, { totals: content.priced.totals, promoCode: content.content.promo?.code ?? null });
          await setSigningLock(trx, order.id, null);
          // The provider learns of the order with the signature itself: no signature without its event, no event without it.
          const consents = await currentConsents(trx, order.id);
          await emitEvent(trx, {
            type: 'order.signed', subjectId: order.id, at: now,
            data: orderSignedSnapshot({
              order, content: content.content, mobile: content.mobile, consents, documents: await listOrderMedias(trx, order.id),
              contract: buildContractData({ order, priced: content.priced, offer: content.content.offer, mobile: content.mobile, config, consents }),
              signedAt: now, channel: otp.channel, signedSha256: signedSha, summarySha256: summary?.row.sha256 ?? null, acceptances,
            }),
          });
          // The customer's move into the workflow, after order.signed so the provider knows the order its status_changed names.
          await moveToSigned(trx, order.id, now, { ip: client.ip, userAgent: client.userAgent });
          // This browser receives the number's (or the address's) codes: its next ones come out of its own budget.
          await proveDestination(trx, { device: client.device, challengeId: otp.id, now });
        });
      } catch (err) {
        await storage.remove(signedKey);
        throw err;
      }
      return {
        signed: true as const, order: toOrderRef({ hash: order.hash, status: 'signed', order_number: order.order_number }), signed_at: nowIso, document_sha256: signedSha,
        activation_text: activationText, files: filesOf(order.hash, now),
      };
    },

    /**
     * The visitor goes back from the signature page to change something: the pending code is void and
     * the order's content is no longer frozen (a new preview and a new code are needed to sign).
     */
    async reopenOrder(hash: string) {
      const order = await getOrderForSignature(db, hash);
      if (order.status === 'signed') throw signatureErrors.alreadySigned();
      const nowIso = deps.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await invalidatePendingOtps(trx, order.id, nowIso);
        await setSigningLock(trx, order.id, null);
      });
      return toOrderRef(order);
    },

    /** The signed PDF of a signed order (404 otherwise, the same answer as an unknown order). */
    async signedContract(hash: string, link: string | undefined, client: ClientInfo): Promise<{ bytes: Buffer; filename: string }> {
      const order = await openWithLink(hash, link, 'signed_contract');
      const evidence = await findEvidence(db, order.id);
      const doc = evidence ? await latestDocument(db, order.id, 'signed') : undefined;
      if (!evidence || !doc) throw notFound('Contratto firmato non disponibile');
      const bytes = await readDocument(doc.path);
      await auditDownload(order, 'signed_contract', client);
      return { bytes, filename: `contratto-${slug(config.brandName)}-firmato.pdf` };
    },

    /** The evidence bundle (ZIP) of a signed order (404 otherwise, the same answer as an unknown order). */
    async evidenceBundle(hash: string, link: string | undefined, client: ClientInfo): Promise<{ bytes: Buffer; filename: string }> {
      const order = await openWithLink(hash, link, 'evidence_bundle');
      const bundle = await buildEvidenceBundle(db, storage, order, config.brandName, deps.now());
      if (!bundle) throw notFound('Evidenze della firma non disponibili');
      await auditDownload(order, 'evidence_bundle', client);
      return { bytes: Buffer.from(bundle.zip), filename: `evidenze-firma-${slug(config.brandName)}-${order.order_number}.zip` };
    },
  };
}

export type SignatureService = ReturnType<typeof createSignatureService>;
