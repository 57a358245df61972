import { randomUUID } from 'node:crypto';
import {
  CONSOLE_ERROR_CODES, CONSOLE_STATUS_LABELS, DOCUMENT_REJECTION_REASONS, ERROR_CODES, WORKFLOW_STATUSES,
  allowedTransitions, can, documentKindLabel, firstActivationDay,
} from '@checkout/contract';
import type {
  AuditAction, ConsoleOrderStatus, OrderDocumentReviewedData, OrderListQuery, WorkflowStatus, orderDetailSchema, orderFiltersSchema,
  orderListItemSchema, orderListSchema, revealOrderSchema, reviewDecisionSchema, reviewQueueSchema, timelineEntrySchema, transitionSchema,
  ReviewDetail,
} from '@checkout/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { OrderTimeline } from '../../db/types';
import { AppError, MESSAGES, notFound } from '../../http/errors';
import { emitEvent } from '../../infra/outbox';
import { openStorage } from '../../infra/storage';
import { recordAudit } from '../audit';
import type { SignedInOperator } from '../console-auth';
import { readStoredFile } from '../documents';
import { appendTimeline, getOrderForSignature, moveOrderStatus, parseStoredFields } from '../orders';
import type { Conn, WorkflowActor } from '../orders';
import { activationTimingOf, activationTimingsOf, buildEvidenceBundle, contractFilesOnRecord, hasSignatureEvidence, readContractFile } from '../signature';
import { CSV_BOM, csvLine } from './csv';
import { maskName, maskValue } from './masking';
import { customerNameOf, maskSteps, offerNameOf, offerView, stepRows, withdrawalPeriodView } from './order-detail';
import {
  insertReview, selectClaim, selectMedia, selectMedias, selectOrderPage, selectOrderRow,
  selectOrdersForExport, selectReviewQueue, selectReviews, selectTimeline, selectTimelineEntry, selectUndecidedIdentityDocuments,
  takeClaim,
} from './repository';
import type { ListRow, OrderFilters } from './repository';
import { searchTermOf } from './search-term';
import { checklistJson, declaredOf, historyOf, personOf } from './review-view';

/*
 * The operator console's orders: the list, its CSV, the order page, the workflow's moves, notes, the
 * documents and contract files, and the identity document review. Every change writes its timeline
 * entry and its audit record in the transaction of the change itself.
 */

export interface ConsoleOrdersDeps {
  db: Db;
  config: Pick<Config, 'brandName' | 'storageDir' | 'storageDriver'> & { publicBaseUrl?: string };
  now: () => Date;
}

/** Who acts, from where (for the audit log). */
export interface Actor { operator: SignedInOperator; ip: string; userAgent: string }
const asOperator = (actor: Actor): WorkflowActor => ({ kind: 'operator', ...actor });

type ListItem = z.input<typeof orderListItemSchema>;
type Detail = z.input<typeof orderDetailSchema>;
type TimelineEntry = z.input<typeof timelineEntrySchema>;

/** How long a review claim lasts. */
export const REVIEW_CLAIM_MS = 30 * 60_000;
const QUEUE_LIMIT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const orderNotFound = (): AppError => notFound('Ordine non trovato');

/** Content types a browser shows without running anything; any other file is only ever a download. */
export const INLINE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'application/pdf']);

const CONTRACT_FILES = {
  contract: { kind: 'preview', label: 'Contratto (anteprima firmata)', file: 'contratto' },
  summary: { kind: 'summary', label: 'Sintesi contrattuale', file: 'sintesi-contrattuale' },
  signed: { kind: 'signed', label: 'Contratto firmato', file: 'contratto-firmato' },
} as const;
type ContractFileName = keyof typeof CONTRACT_FILES;

const isWorkflow = (s: string): s is WorkflowStatus => (WORKFLOW_STATUSES as readonly string[]).includes(s);
const consoleStatusOf = (row: Pick<ListRow, 'status' | 'workflow_status'>): ConsoleOrderStatus => (row.workflow_status ?? row.status) as ConsoleOrderStatus;
const seesPersonalData = (operator: SignedInOperator): boolean => can(operator.role, 'orders.personal_data');

/** `attachment`/`inline` with the name in ASCII and in UTF-8 (RFC 6266), no quote or control character surviving. */
export const contentDisposition = (type: 'inline' | 'attachment', filename: string): string => {
  const ascii = filename.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'documento';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

function toListItem(row: ListRow, masked: boolean): ListItem {
  const name = customerNameOf(parseStoredFields(row.fields_json));
  return {
    id: row.id,
    // The hash opens the customer's own pages (document upload, portability): a capability, masked like personal data.
    hash: masked ? `${row.hash.slice(0, 4)}…` : row.hash,
    order_number: row.order_number,
    status: consoleStatusOf(row),
    customer_type: row.customer_type,
    customer_name: name && masked ? maskName(name) : name,
    offer_id: row.offer_id,
    offer_name: offerNameOf(row.offer_id, row.customer_type),
    technology: row.technology,
    promo: row.promo,
    premade_code: row.premade_code,
    documents_to_review: row.documents_to_review === true || Number(row.documents_to_review) === 1,
    identity_documents: Number(row.identity_documents),
    created_at: row.created_at,
    signed_at: row.signed_at,
  };
}

const toTimelineEntry = (row: Selectable<OrderTimeline>): TimelineEntry => ({
  id: String(row.id), kind: row.kind, at: row.at, operator_name: row.operator_name, from_status: row.from_status, to_status: row.to_status, text: row.text,
});

const isCalendarDay = (day: string): boolean => {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
};

/** `14:35`, Italian time. */
const romeTime = (iso: string): string =>
  new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

const REVIEW_LABELS = { approved: 'approvato', rejected: 'rifiutato' } as const;

export function createConsoleOrdersService(deps: ConsoleOrdersDeps) {
  const { db, config } = deps;
  const storage = openStorage(config, db);

  const audit = (trx: Conn, actor: Actor, action: AuditAction, orderId: string | null, detail: Record<string, unknown> = {}) =>
    recordAudit(trx, {
      action, operatorId: actor.operator.id, operatorEmail: actor.operator.email, ...(orderId ? { targetType: 'order', targetId: orderId } : {}),
      detail, ip: actor.ip, userAgent: actor.userAgent,
    }, deps.now());

  async function requireRow(orderId: string): Promise<ListRow> {
    const row = UUID.test(orderId) ? await selectOrderRow(db, orderId) : undefined;
    if (!row) throw orderNotFound();
    return row;
  }

  /** The query's filters; a day the pattern lets through but no calendar has (`2026-02-30`) is a 422 on its field. */
  /**
   * What a list or export record keeps of the query: the filters (status, dates, offer…: nothing personal),
   * and the search box's kind (codice fiscale, email, phone, name…) with its text masked, never in clear.
   */
  const queryForAudit = (input: z.output<typeof orderFiltersSchema>): Record<string, unknown> => {
    const { q, ...rest } = input;
    const term = q ? searchTermOf(q) : null;
    return {
      filters: Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      ...(q && term ? { search: { kind: term.by, masked: maskValue(q) } } : {}),
    };
  };

  const filtersOf = (input: z.output<typeof orderFiltersSchema>): OrderFilters => {
    const { q, ...rest } = input;
    for (const field of ['from', 'to'] as const) {
      const day = rest[field];
      if (day !== undefined && !isCalendarDay(day)) {
        throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { [field]: 'Data non valida (AAAA-MM-GG)' });
      }
    }
    return { ...rest, term: q ? searchTermOf(q) : null };
  };

  async function detail(actor: Actor, row: ListRow, reveal: boolean): Promise<Detail> {
    const masked = !reveal && !seesPersonalData(actor.operator);
    const fields = parseStoredFields(row.fields_json);
    const steps = stepRows(row.customer_type, fields);
    const [medias, reviews, files, evidence, timeline, timing] = await Promise.all([
      selectMedias(db, row.id), selectReviews(db, row.id), contractFilesOnRecord(db, row.id), hasSignatureEvidence(db, row.id), selectTimeline(db, row.id),
      activationTimingOf(db, row),
    ]);
    const status = consoleStatusOf(row);
    const signed = row.signed_at !== null;
    return {
      order: { ...toListItem(row, masked), updated_at: row.updated_at },
      masked,
      steps: masked ? maskSteps(steps) : steps,
      offer: await offerView(db, row, fields, deps.now()),
      documents: medias.map((m) => {
        const review = reviews.filter((r) => r.media_id === m.id).at(-1);
        return {
          id: m.id, kind: m.kind, filename: masked ? maskValue(m.filename) : m.filename, mime: m.mime, size: m.size, created_at: m.created_at,
          review: review ? {
            decision: review.decision, reason: review.reason_code, note: review.note, operator_name: review.operator_name, at: review.at,
          } : null,
        };
      }),
      contract_files: (Object.keys(CONTRACT_FILES) as ContractFileName[])
        .filter((name) => files.includes(CONTRACT_FILES[name].kind) && (name === 'signed' ? signed : true))
        .map((name) => ({ kind: name, label: CONTRACT_FILES[name].label })),
      has_signature_evidence: evidence,
      withdrawal_period: withdrawalPeriodView(timing),
      timeline: [
        { id: `${row.id}-created`, kind: 'status' as const, at: row.created_at, operator_name: null, from_status: null, to_status: 'draft', text: 'Ordine creato' },
        ...medias.map((m) => ({ id: `media-${m.id}`, kind: 'document' as const, at: m.created_at, operator_name: null, from_status: null, to_status: null, text: `Documento caricato: ${documentKindLabel(m.kind)}` })),
        ...timeline.map(toTimelineEntry),
      ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)),
      transitions: isWorkflow(status)
        ? allowedTransitions(status, actor.operator.role).map((t) => ({ to: t.to, label: CONSOLE_STATUS_LABELS[t.to], reason_required: t.reasonRequired }))
        : [],
    };
  }

  /**
   * Takes an order of the queue for 30 minutes (again, for the operator who has it). A signed order
   * moves into review with the claim (signed → in_review of the workflow table).
   */
  async function claim(actor: Actor, orderId: string): Promise<{ ok: true }> {
    const row = await requireRow(orderId);
    const status = consoleStatusOf(row);
    if (status !== 'signed' && status !== 'in_review') {
      throw new AppError(CONSOLE_ERROR_CODES.transitionNotAllowed, 409, `L'ordine è «${CONSOLE_STATUS_LABELS[status]}»: non c'è un documento da verificare.`);
    }
    const now = deps.now();
    await db.transaction().execute(async (trx) => {
      const claim = {
        order_id: row.id, operator_id: actor.operator.id, operator_name: actor.operator.name,
        claimed_at: now.toISOString(), until: new Date(now.getTime() + REVIEW_CLAIM_MS).toISOString(),
      };
      const before = await selectClaim(trx, row.id);
      const renewal = before !== undefined && before.operator_id === actor.operator.id && before.until > claim.claimed_at;
      if (!(await takeClaim(trx, claim))) {
        const held = await selectClaim(trx, row.id);
        throw new AppError(CONSOLE_ERROR_CODES.reviewClaimed, 409,
          `${held?.operator_name ?? 'Un altro operatore'} sta già verificando questo ordine${held ? ` (fino alle ${romeTime(held.until)})` : ''}.`);
      }
      if (status === 'signed') {
        await moveOrderStatus(trx, asOperator(actor), {
          orderId: row.id, expected: 'signed', to: 'in_review', reason: null, at: now,
          entry: { kind: 'status', text: 'Verifica del documento iniziata' },
        });
      }
      // Renewing one's own claim (a decision does) is not a new claim.
      if (!renewal) await audit(trx, actor, 'document_claimed', row.id, { until: claim.until });
    });
    return { ok: true };
  }

  return {
    /**
     * One page of the list. A role that sees personal data reads names (and hashes) in clear: one audit
     * record per request, with the filters' names and the search's kind, not one per order; a viewer's
     * masked page needs none.
     */
    async listOrders(actor: Actor, query: OrderListQuery): Promise<z.input<typeof orderListSchema>> {
      const { sort: _s, dir: _d, page, page_size, ...filters } = query;
      const { rows, total } = await selectOrderPage(db, query, filtersOf(filters));
      const masked = !seesPersonalData(actor.operator);
      const items = rows.map((r) => toListItem(r, masked));
      if (!masked) await audit(db, actor, 'orders_listed', null, { ...queryForAudit(filters), page, shown: items.length, total });
      return { items, total, page, page_size };
    },

    /**
     * The filtered list as CSV, newest first, produced while it is sent. Personal columns only for a
     * role that sees personal data; the export is audited (with its filters) before the first row.
     */
    async exportOrders(actor: Actor, input: z.output<typeof orderFiltersSchema>): Promise<{ filename: string; lines: AsyncGenerator<string> }> {
      const personal = seesPersonalData(actor.operator);
      const filters = filtersOf(input);
      await audit(db, actor, 'orders_exported', null, { ...queryForAudit(input), personal_columns: personal });
      const header = [
        'numero_ordine', 'stato', 'tipo_cliente', 'offerta', 'tecnologia', 'promo', 'codice_premade', 'creato_il', 'firmato_il',
        'canone_mensile_euro', 'una_tantum_euro', 'documenti_da_verificare',
        ...(personal ? ['cliente', 'codice_fiscale', 'email', 'cellulare', 'indirizzo_attivazione'] : []),
      ];
      const euros = (cents: number): string => (Number(cents) / 100).toFixed(2).replace('.', ',');
      async function* lines(): AsyncGenerator<string> {
        yield CSV_BOM + csvLine(header);
        for await (const batch of selectOrdersForExport(db, filters)) {
          let chunk = '';
          for (const row of batch) {
            const item = toListItem(row, !personal);
            const f = parseStoredFields(row.fields_json);
            const text = (k: string): string => (typeof f[k] === 'string' ? (f[k] as string) : '');
            chunk += csvLine([
              item.order_number, CONSOLE_STATUS_LABELS[item.status], item.customer_type, item.offer_name, item.technology, item.promo, item.premade_code,
              item.created_at, item.signed_at, euros(row.monthly_cents), euros(row.one_off_cents), item.documents_to_review ? 'sì' : 'no',
              ...(personal ? [
                item.customer_name, text('cf') || text('company_tax_code'), text('email'), text('mobile_phone_number'),
                [text('address'), text('number'), text('zip_code'), text('city'), text('province')].filter(Boolean).join(' '),
              ] : []),
            ]);
          }
          yield chunk;
        }
      }
      return { filename: `ordini-${deps.now().toISOString().slice(0, 10)}.csv`, lines: lines() };
    },

    /**
     * The order page. In clear (a role that sees personal data: codice fiscale, IBAN, document number…)
     * each read is audited once its answer is ready; a viewer's masked page is not.
     */
    async getOrder(actor: Actor, orderId: string): Promise<Detail> {
      const row = await requireRow(orderId);
      const answer = await detail(actor, row, false);
      if (!answer.masked) await audit(db, actor, 'order_viewed', row.id, { order_number: row.order_number });
      return answer;
    },

    /** The order with personal data in clear, for a role that sees it masked: each reveal is audited with its reason. */
    async revealOrder(actor: Actor, orderId: string, input: z.output<typeof revealOrderSchema>): Promise<Detail> {
      const row = await requireRow(orderId);
      const answer = await detail(actor, row, true);
      await audit(db, actor, 'personal_data_revealed', row.id, { order_number: row.order_number, reason: input.reason });
      return answer;
    },

    async transitionOrder(actor: Actor, orderId: string, body: z.output<typeof transitionSchema>): Promise<{ status: ConsoleOrderStatus }> {
      const row = await requireRow(orderId);
      await db.transaction().execute(async (trx) => moveOrderStatus(trx, asOperator(actor), {
        orderId: row.id, expected: body.expected_status, to: body.to, reason: body.reason ?? null, customerMessage: body.customer_message ?? null, at: deps.now(),
        // Whether the service may start yet: the signature's evidence says what the consumer asked.
        ...(body.to === 'activating' ? { timing: await activationTimingOf(trx, row) } : {}),
      }));
      return { status: body.to };
    },

    async addNote(actor: Actor, orderId: string, text: string): Promise<TimelineEntry> {
      const row = await requireRow(orderId);
      const at = deps.now().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const entryId = await appendTimeline(trx, {
          order_id: row.id, kind: 'note', at, operator_id: actor.operator.id, operator_name: actor.operator.name, from_status: null, to_status: null, text,
        });
        await audit(trx, actor, 'order_note_added', row.id, { timeline_id: entryId });
        return entryId;
      });
      const entry = await selectTimelineEntry(db, id);
      return toTimelineEntry(entry!);
    },

    /** A customer's document: inline only for the three safe types, anything else as an opaque download. */
    async orderDocument(actor: Actor, orderId: string, mediaId: string): Promise<{ bytes: Buffer; mime: string; disposition: string }> {
      const row = await requireRow(orderId);
      const media = UUID.test(mediaId) ? await selectMedia(db, row.id, mediaId) : undefined;
      if (!media) throw notFound('Documento non trovato');
      const bytes = await readStoredFile(storage, row.id, media.stored_name);
      await audit(db, actor, 'document_viewed', row.id, { media_id: media.id, kind: media.kind });
      const inline = INLINE_TYPES.has(media.mime);
      return {
        bytes,
        mime: inline ? media.mime : 'application/octet-stream',
        disposition: contentDisposition(inline ? 'inline' : 'attachment', media.filename),
      };
    },

    async orderFile(actor: Actor, orderId: string, name: string): Promise<{ bytes: Buffer; disposition: string }> {
      const row = await requireRow(orderId);
      const file = Object.hasOwn(CONTRACT_FILES, name) ? CONTRACT_FILES[name as ContractFileName] : undefined;
      if (!file || (name === 'signed' && row.signed_at === null)) throw notFound('File non disponibile');
      const bytes = await readContractFile(db, storage, row.id, file.kind);
      if (!bytes) throw notFound('File non disponibile');
      await audit(db, actor, 'document_viewed', row.id, { file: name });
      return { bytes, disposition: contentDisposition('inline', `${file.file}-${row.order_number}.pdf`) };
    },

    async orderEvidence(actor: Actor, orderId: string): Promise<{ bytes: Buffer; disposition: string }> {
      const row = await requireRow(orderId);
      const bundle = await buildEvidenceBundle(db, storage, await getOrderForSignature(db, row.hash), config.brandName, deps.now());
      if (!bundle) throw notFound('Evidenze della firma non disponibili');
      await audit(db, actor, 'evidence_downloaded', row.id, { order_number: row.order_number });
      return { bytes: Buffer.from(bundle.zip), disposition: contentDisposition('attachment', `evidenze-firma-${row.order_number}.zip`) };
    },

    async reviewQueue(actor: Actor): Promise<z.input<typeof reviewQueueSchema>> {
      const now = deps.now().toISOString();
      const masked = !seesPersonalData(actor.operator);
      const rows = await selectReviewQueue(db, QUEUE_LIMIT);
      const timings = await activationTimingsOf(db, rows);
      // The queue names each customer: in clear, one record per request (as the order list).
      if (!masked) await audit(db, actor, 'review_queue_viewed', null, { shown: rows.length });
      return {
        items: rows.map((r) => {
          const timing = timings.get(r.id)!;
          const name = customerNameOf(parseStoredFields(r.fields_json));
          const live = r.claimed_until !== null && r.claimed_until > now;
          return {
            order_id: r.id, order_number: r.order_number, customer_name: name && masked ? maskName(name) : name,
            status: (r.workflow_status ?? r.status) as ConsoleOrderStatus, documents: r.documents, uploaded_at: r.uploaded_at,
            claimed_by: live ? r.claimed_by : null, claimed_until: live ? r.claimed_until : null,
            claimed_by_me: live && r.claimed_by_id === actor.operator.id,
            withdrawal_period: r.customer_type === 'privato' && timing.signedAt
              ? { early_activation_requested: timing.earlyActivationRequested, first_activation_day: firstActivationDay(timing) }
              : null,
          };
        }),
      };
    },

    /**
     * The review screen: the files still to decide, the holder and the document as declared, earlier decisions.
     * Personal data in clear for a role that reviews: audited as an order read.
     */
    async getReview(actor: Actor, orderId: string): Promise<ReviewDetail> {
      const row = await requireRow(orderId);
      const fields = parseStoredFields(row.fields_json);
      const [medias, reviews, held] = await Promise.all([selectMedias(db, row.id), selectReviews(db, row.id), selectClaim(db, row.id)]);
      const decided = new Set(reviews.map((r) => r.media_id));
      const now = deps.now().toISOString();
      const answer: ReviewDetail = {
        order: { id: row.id, order_number: row.order_number, status: consoleStatusOf(row), customer_type: row.customer_type },
        person: personOf(fields),
        declared: declaredOf(fields),
        files: medias.filter((m) => m.kind === 'identity_document' && !decided.has(m.id))
          .map((m) => ({ id: m.id, filename: m.filename, mime: m.mime, size: m.size, created_at: m.created_at })),
        claim: held && held.until > now ? { operator_name: held.operator_name, until: held.until, mine: held.operator_id === actor.operator.id } : null,
        history: historyOf(reviews),
      };
      // The same record as the order page's: the audit log reads it in its words.
      await audit(db, actor, 'order_viewed', row.id, { order_number: row.order_number });
      return answer;
    },

    claimReview: claim,

    /**
     * Approves (→ verified) or rejects (→ documents_to_redo, and the customer is asked for a new one)
     * every identity document of the order still without a decision; the checklist is kept with each
     * document's decision and in the audit record (the contract's schema lets an approval through only
     * with every check passed). The operator must hold the claim
     * or take it now; another operator's live claim refuses.
     */
    async decideReview(actor: Actor, orderId: string, body: z.output<typeof reviewDecisionSchema>): Promise<{ status: ConsoleOrderStatus }> {
      await claim(actor, orderId);
      const row = await requireRow(orderId);
      const approved = body.decision === 'approve';
      const to: WorkflowStatus = approved ? 'verified' : 'documents_to_redo';
      const reasonCode = body.decision === 'reject' ? body.reason : null;
      const note = body.note?.trim() || null;
      if (reasonCode === 'other' && !note) {
        throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { note: 'Scrivi il motivo del rifiuto.' });
      }
      // What the customer reads: the reason, and the operator's note with it (the note alone for `other`).
      const reasonText = reasonCode === null ? null : reasonCode === 'other' ? note : `${DOCUMENT_REJECTION_REASONS[reasonCode]}${note ? ` (${note})` : ''}`;
      const now = deps.now();
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const documents = await selectUndecidedIdentityDocuments(trx, row.id);
        if (documents.length === 0) {
          throw new AppError(CONSOLE_ERROR_CODES.transitionNotAllowed, 409, "Non c'è un documento d'identità da verificare in questo ordine.");
        }
        const decision = approved ? 'approved' : 'rejected';
        for (const doc of documents) {
          await insertReview(trx, {
            id: randomUUID(), order_id: row.id, media_id: doc.id, decision, reason_code: reasonCode,
            note, operator_id: actor.operator.id, operator_name: actor.operator.name, at, checklist_json: checklistJson(body.checklist),
          });
        }
        const mediaIds = documents.map((d) => d.id);
        await audit(trx, actor, approved ? 'document_approved' : 'document_rejected', row.id, {
          media_ids: mediaIds, ...(reasonCode ? { reason: reasonCode } : {}), checklist: body.checklist,
        });
        // The customer's message asking for a new document goes out with this event (contract customerMessagesFor).
        const reviewed: OrderDocumentReviewedData = {
          order_id: row.id, order_number: row.order_number, media_ids: mediaIds, decision, reason_code: reasonCode, reason: reasonText,
        };
        await emitEvent(trx, { type: 'order.document_reviewed', subjectId: row.id, data: reviewed, at: now });
        await moveOrderStatus(trx, asOperator(actor), {
          orderId: row.id, expected: 'in_review', to, reason: reasonText, at: now,
          // The customer reads this entry: a rejection's note is written for them, an approval's stays with the review.
          entry: {
            kind: 'review',
            text: `Documento d'identità ${REVIEW_LABELS[decision]}${reasonCode ? `: ${DOCUMENT_REJECTION_REASONS[reasonCode]}` : ''}${note && !approved ? ` — ${note}` : ''}`,
          },
        });
      });
      return { status: to };
    },
  };
}

export type ConsoleOrdersService = ReturnType<typeof createConsoleOrdersService>;
