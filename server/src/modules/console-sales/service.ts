import { ERROR_CODES, MOBILE_ORDER_STATUSES, ORDER_STATUSES, leadRequestTypeLabel } from '@checkout/contract';
import type {
  AuditAction, LeadDeliveryStatus, MobileOrderStatus, OrderStatus, leadDetailSchema, leadFiltersSchema, leadListItemSchema, leadListQuerySchema,
  mobileOrderCreatedSchema, mobileOrderItemSchema, mobileOrderListQuerySchema, premadeCreatedSchema, premadeListItemSchema,
  premadeListQuerySchema, createMobileOrderSchema, createPremadeSchema,
} from '@checkout/contract';
import { toString as qrToString } from 'qrcode';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import { getCatalogueOffer } from '../catalog';
import { eachLead, findLeads, getLead, leadDeliveryState, markLeadHandled, parseLeadPayload } from '../leads';
import type { LeadFilter, LeadRow } from '../leads';
import { createMobileOrder, findMobileOrderByShortHash, findMobileOrders } from '../mobile';
import type { MobileOrderRow } from '../mobile';
import { brandInitials } from '../orders';
import { expirePremadeOrder, extendPremadeOrder, listPremadeOrders, premadePath, premadeState, preparePremadeOrder } from '../premade';
import type { PremadeChange, PremadeRow } from '../premade';
import { csvLine, CSV_BOM } from './csv';
import { maskDigits, maskEmail, maskName, maskOther, maskTail } from './masking';

/*
 * The console's leads, pre-made orders and mobile orders. The work itself is the modules' own (the same
 * functions the CLI calls); here: what a role sees (personal data masked without `orders.personal_data`),
 * the audit records, and the answers in the contract's shapes.
 */

/** Who acts, and from where (for the audit log). */
export interface Actor { id: string; email: string; name: string; ip: string | null; userAgent: string | null }

type LeadItem = z.input<typeof leadListItemSchema>;
type PremadeItem = z.input<typeof premadeListItemSchema>;
type MobileItem = z.input<typeof mobileOrderItemSchema>;

export const salesErrors = {
  leadNotFound: () => new AppError(ERROR_CODES.notFound, 404, 'Contatto non trovato.'),
  premadeNotFound: () => new AppError(ERROR_CODES.notFound, 404, 'Ordine precompilato non trovato.'),
  premadeNotEditable: () => new AppError(ERROR_CODES.conflict, 409, 'L’ordine è già firmato o annullato: il codice non si può più prorogare.'),
  premadeNotOpen: () => new AppError(ERROR_CODES.conflict, 409, 'Il codice non è utilizzabile: è già scaduto, firmato o annullato.'),
};

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const dayStart = (day: string): string => `${day}T00:00:00.000Z`;
const nextDayStart = (day: string): string => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

const leadFilter = (q: z.output<typeof leadFiltersSchema>): LeadFilter => ({
  ...(q.delivery_status ? { status: q.delivery_status } : {}),
  ...(q.from ? { fromIso: dayStart(q.from) } : {}),
  ...(q.to ? { toIso: nextDayStart(q.to) } : {}),
  ...(q.handled !== undefined ? { handled: q.handled } : {}),
});

/** The outbox's status as the lead list shows it (`skipped` never happens to a lead: shown as waiting). */
const listStatus = (status: string): LeadDeliveryStatus => (status === 'delivered' || status === 'flagged' ? status : 'pending');

function leadItem(row: LeadRow, personal: boolean): LeadItem {
  const lead = parseLeadPayload(row);
  const name = `${text(lead.nome)} ${text(lead.cognome)}`.trim();
  const delivery = leadDeliveryState(row);
  return {
    id: row.id,
    created_at: row.created_at,
    delivery_status: listStatus(delivery.status),
    attempts: delivery.attempts,
    next_attempt_at: delivery.next_attempt_at,
    delivered_at: delivery.delivered_at,
    last_error: delivery.last_error,
    name: personal ? name : maskName(name),
    email: personal ? text(lead.email) : maskEmail(text(lead.email)),
    phone: personal ? text(lead.numero_telefono) : maskDigits(text(lead.numero_telefono)),
    comune: text(lead.comune),
    request_type: text(lead.request_type),
    offer_name: text(lead.offer_name),
    handled_at: row.handled_at,
    handled_by: row.handled_by_name,
  };
}

/** The lead's fields as its page shows them, in this order; `mask` for what a viewer must not read, `words` for a code. */
const LEAD_ROWS: { key: string; label: string; mask?: (v: string) => string; words?: (v: string) => string }[] = [
  { key: 'nome', label: 'Nome', mask: maskName },
  { key: 'cognome', label: 'Cognome', mask: maskName },
  { key: 'email', label: 'Email', mask: maskEmail },
  { key: 'numero_telefono', label: 'Telefono', mask: maskDigits },
  { key: 'indirizzo', label: 'Indirizzo', mask: maskOther },
  { key: 'civico', label: 'Civico', mask: maskOther },
  { key: 'comune', label: 'Comune' },
  { key: 'cap', label: 'CAP' },
  { key: 'provincia', label: 'Provincia' },
  { key: 'request_type', label: 'Tipo di richiesta', words: leadRequestTypeLabel },
  { key: 'step', label: 'Passo del checkout' },
  { key: 'servizio', label: 'Servizio' },
  { key: 'offer_name', label: 'Offerta' },
  { key: 'offer_id', label: 'Id offerta' },
  { key: 'promo', label: 'Promo' },
  { key: 'provenienza', label: 'Provenienza' },
  // The checkout link and the order id open the visitor's order: personal as a name.
  { key: 'order_id', label: 'Ordine', mask: maskOther },
  { key: 'linkCheckout', label: 'Link al checkout', mask: maskOther },
];

/** The CSV's columns: every column for a role with personal data, the others only without. */
const CSV_COLUMNS: { header: string; personal: boolean; value: (row: LeadRow, lead: Record<string, unknown>) => string | number | null }[] = [
  { header: 'creato', personal: false, value: (r) => r.created_at },
  { header: 'id', personal: false, value: (r) => r.id },
  { header: 'stato_consegna', personal: false, value: (r) => leadDeliveryState(r).status },
  { header: 'tentativi', personal: false, value: (r) => leadDeliveryState(r).attempts },
  { header: 'consegnato', personal: false, value: (r) => r.delivered_at },
  { header: 'ultimo_errore', personal: false, value: (r) => r.last_error },
  { header: 'gestito', personal: false, value: (r) => r.handled_at },
  { header: 'gestito_da', personal: false, value: (r) => r.handled_by_name },
  { header: 'nota', personal: true, value: (r) => r.handled_note },
  { header: 'nome', personal: true, value: (_, l) => text(l.nome) },
  { header: 'cognome', personal: true, value: (_, l) => text(l.cognome) },
  { header: 'email', personal: true, value: (_, l) => text(l.email) },
  { header: 'telefono', personal: true, value: (_, l) => text(l.numero_telefono) },
  { header: 'indirizzo', personal: true, value: (_, l) => text(l.indirizzo) },
  { header: 'civico', personal: true, value: (_, l) => text(l.civico) },
  { header: 'comune', personal: false, value: (_, l) => text(l.comune) },
  { header: 'cap', personal: false, value: (_, l) => text(l.cap) },
  { header: 'provincia', personal: false, value: (_, l) => text(l.provincia) },
  { header: 'tipo_richiesta', personal: false, value: (_, l) => text(l.request_type) },
  { header: 'offerta', personal: false, value: (_, l) => text(l.offer_name) },
  { header: 'promo', personal: false, value: (_, l) => text(l.promo) },
  { header: 'provenienza', personal: false, value: (_, l) => text(l.provenienza) },
];

const offerName = (offerId: number): string | null => {
  try { return getCatalogueOffer(offerId).name; } catch { return null; }
};

const customerName = (fieldsJson: string): string | null => {
  let f: Record<string, unknown>;
  try { f = JSON.parse(fieldsJson) as Record<string, unknown>; } catch { return null; }
  const name = [text(f.first_name), text(f.last_name)].filter(Boolean).join(' ') || text(f.ragione_sociale);
  return name === '' ? null : name;
};

const mobileStatus = (v: string): MobileOrderStatus =>
  (MOBILE_ORDER_STATUSES as readonly string[]).includes(v) ? (v as MobileOrderStatus) : 'ready_to_activate';
const orderStatus = (v: string): OrderStatus => ((ORDER_STATUSES as readonly string[]).includes(v) ? (v as OrderStatus) : 'draft');

export interface SalesServiceDeps { db: Db; config: Config; now: () => Date }

export function createSalesService({ db, config, now }: SalesServiceDeps) {
  const linkOf = (path: string): string => `${config.publicBaseUrl}${path}`;
  const audit = (conn: Parameters<typeof recordAudit>[0], actor: Actor, action: AuditAction, targetType: string, targetId: string, detail: Record<string, unknown>, at: Date) =>
    recordAudit(conn, {
      action, operatorId: actor.id, operatorEmail: actor.email, targetType, targetId, detail, ip: actor.ip, userAgent: actor.userAgent,
    }, at);

  /**
   * A read of personal data in clear (a role that sees it unmasked): one record per request, lists
   * included (with their filters, not one record per row). Written once the answer is ready; a viewer's
   * masked answer needs none.
   */
  const auditRead = (actor: Actor, action: AuditAction, detail: Record<string, unknown>, target?: { type: string; id: string }) =>
    recordAudit(db, {
      action, operatorId: actor.id, operatorEmail: actor.email, ...(target ? { targetType: target.type, targetId: target.id } : {}),
      detail, ip: actor.ip, userAgent: actor.userAgent,
    }, now());
  /** A list's filters as the record keeps them: only those given. */
  const given = (filters: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));

  const premadeItem = (row: PremadeRow, personal: boolean, at: Date): PremadeItem => {
    const name = customerName(row.fields_json);
    const path = premadePath(row.premade_code);
    return {
      id: row.id, code: row.premade_code, order_number: row.order_number, status: orderStatus(row.status), state: premadeState(row, at),
      offer_id: row.offer_id, offer_name: offerName(row.offer_id),
      customer_name: name === null ? null : personal ? name : maskName(name),
      path, url: linkOf(path), expires_at: row.expires_at, created_at: row.created_at,
    };
  };

  const mobileItem = (row: MobileOrderRow, personal: boolean): MobileItem => ({
    id: row.id, order_number: row.order_number, short_hash: row.short_hash, status: mobileStatus(row.status),
    mobile_phone_number: personal ? row.mobile_phone_number : maskDigits(row.mobile_phone_number),
    iccid_last5: row.iccid.slice(-5), donor_operator: row.donor_operator, activation_attempts: row.activation_attempts,
    mnp_path: row.status === 'awaiting_mnp_confirmation' || row.status === 'mnp_correction_requested' ? `/mnp/${row.short_hash}` : null,
    created_at: row.created_at, activated_at: row.activated_at,
  });

  /** The lead's page; its deliveries and "Invia di nuovo" are the events module's (`leadEvents`). */
  async function leadDetail(id: string, personal: boolean): Promise<z.input<typeof leadDetailSchema>> {
    const row = await getLead(db, id);
    if (!row) throw salesErrors.leadNotFound();
    const lead = parseLeadPayload(row);
    return {
      lead: { ...leadItem(row, personal), handled_note: row.handled_note },
      masked: !personal,
      rows: LEAD_ROWS.map(({ key, label, mask, words }) => {
        const value = text(lead[key]);
        return { label, value: !personal && mask ? mask(value) : words && value !== '' ? words(value) : value };
      }).filter((r) => r.value !== ''),
    };
  }

  return {
    async listLeads(q: z.output<typeof leadListQuerySchema>, personal: boolean, actor: Actor) {
      const { rows, total } = await findLeads(db, leadFilter(q), q.page, q.page_size);
      const items = rows.map((r) => leadItem(r, personal));
      const { page, page_size, ...filters } = q;
      if (personal) await auditRead(actor, 'leads_listed', { filters: given(filters), page, shown: items.length, total });
      return { items, total, page, page_size };
    },

    /** The lead's page; in clear, each read is audited. */
    async viewLead(id: string, personal: boolean, actor: Actor) {
      const answer = await leadDetail(id, personal);
      if (personal) await auditRead(actor, 'lead_viewed', {}, { type: 'lead', id });
      return answer;
    },

    async markHandled(id: string, note: string, personal: boolean, actor: Actor) {
      const at = now();
      const found = await db.transaction().execute(async (trx) => {
        const ok = await markLeadHandled(trx, id, { id: actor.id, name: actor.name }, note, at);
        if (ok) await audit(trx, actor, 'lead_handled', 'lead', id, {}, at);
        return ok;
      });
      if (!found) throw salesErrors.leadNotFound();
      return leadDetail(id, personal);
    },

    /** The CSV, produced page by page as the reply streams it; the export is audited before the first byte. */
    async exportLeads(q: z.output<typeof leadFiltersSchema>, personal: boolean, actor: Actor): Promise<AsyncIterable<string>> {
      const columns = CSV_COLUMNS.filter((c) => personal || !c.personal);
      await audit(db, actor, 'leads_exported', 'leads', 'csv', { filters: q, personal_columns: personal }, now());
      const filter = leadFilter(q);
      return (async function* () {
        yield CSV_BOM + csvLine(columns.map((c) => c.header));
        for await (const row of eachLead(db, filter)) {
          const lead = parseLeadPayload(row);
          yield csvLine(columns.map((c) => c.value(row, lead)));
        }
      })();
    },

    async createPremade(input: z.output<typeof createPremadeSchema>, actor: Actor): Promise<z.input<typeof premadeCreatedSchema>> {
      const at = now();
      const created = await preparePremadeOrder(db, {
        offerId: input.offer_id, customerType: input.customer_type, optionIds: input.option_ids, validDays: input.valid_days, now: at,
        numberPrefix: brandInitials(config.brandName),
        ...(input.first_name ? { firstName: input.first_name } : {}),
        ...(input.last_name ? { lastName: input.last_name } : {}),
        ...(input.email ? { email: input.email } : {}),
        ...(input.mobile_phone_number ? { phone: input.mobile_phone_number } : {}),
        ...(input.id_egon_civico ? { addressId: input.id_egon_civico } : {}),
        ...(input.coverage_override ? { coverageOverride: { ...input.coverage_override, operator: actor.name } } : {}),
      }, async (trx, order) => {
        await audit(trx, actor, 'premade_created', 'order', order.id, {
          order_number: order.order_number, offer_id: input.offer_id, valid_days: input.valid_days,
        }, at);
        // The order's line is the operator's word, not the coverage data's: on the record, with the reason.
        if (input.coverage_override) {
          await audit(trx, actor, 'coverage_overridden', 'order', order.id, {
            order_number: order.order_number, technology: input.coverage_override.technology, reason: input.coverage_override.reason,
          }, at);
        }
      });
      const url = linkOf(created.path);
      return {
        id: created.id, code: created.code, order_number: created.order_number, path: created.path, url,
        qr_svg: await qrToString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
        expires_at: created.expires_at, needs_code: created.needs_code, masked_phone: created.masked_phone,
      };
    },

    async listPremade(q: z.output<typeof premadeListQuerySchema>, personal: boolean, actor: Actor) {
      const at = now();
      const { rows, total } = await listPremadeOrders(db, { now: at, ...(q.state ? { state: q.state } : {}), ...(q.q ? { q: q.q } : {}) },
        (q.page - 1) * q.page_size, q.page_size);
      const items = rows.map((r) => premadeItem(r, personal, at));
      // The search is a code (which opens the order) or an order number: kept masked.
      if (personal) {
        await auditRead(actor, 'premade_orders_listed', {
          filters: given({ state: q.state }), ...(q.q ? { search: { kind: 'code_or_number', masked: maskTail(q.q) } } : {}),
          page: q.page, shown: items.length, total,
        });
      }
      return { items, total, page: q.page, page_size: q.page_size };
    },

    async extendPremade(id: string, days: number, personal: boolean, actor: Actor) {
      return changePremade(id, personal, actor, 'premade_extended', { days }, (trx, at) => extendPremadeOrder(trx, id, days, at));
    },

    async expirePremade(id: string, personal: boolean, actor: Actor) {
      return changePremade(id, personal, actor, 'premade_expired', {}, (trx, at) => expirePremadeOrder(trx, id, at));
    },

    async createMobile(input: z.output<typeof createMobileOrderSchema>, personal: boolean, actor: Actor): Promise<z.input<typeof mobileOrderCreatedSchema>> {
      const at = now();
      const row = await db.transaction().execute(async (trx) => {
        const created = await createMobileOrder(trx, {
          mobilePhoneNumber: input.mobile_phone_number, iccid: input.iccid, now: at,
          ...(input.donor_operator !== undefined ? { donorOperator: input.donor_operator } : {}),
          ...(input.number_to_port !== undefined ? { numberToPort: input.number_to_port } : {}),
          ...(input.old_iccid !== undefined ? { oldIccid: input.old_iccid } : {}),
          ...(input.holder_first_name !== undefined ? { holderFirstName: input.holder_first_name } : {}),
          ...(input.holder_last_name !== undefined ? { holderLastName: input.holder_last_name } : {}),
          ...(input.holder_cf !== undefined ? { holderCf: input.holder_cf } : {}),
        });
        await audit(trx, actor, 'mobile_order_created', 'mobile_order', created.id, { order_number: created.order_number, status: created.status }, at);
        const stored = await findMobileOrderByShortHash(trx, created.short_hash);
        if (!stored) throw new Error('the mobile order just created is not there');
        return stored;
      });
      return { ...mobileItem(row, personal), activation_path: `/attiva-sim/${row.order_number}` };
    },

    async listMobile(q: z.output<typeof mobileOrderListQuerySchema>, personal: boolean, actor: Actor) {
      const { rows, total } = await findMobileOrders(db, q.status, (q.page - 1) * q.page_size, q.page_size);
      const items = rows.map((r) => mobileItem(r, personal));
      if (personal) await auditRead(actor, 'mobile_orders_listed', { filters: given({ status: q.status }), page: q.page, shown: items.length, total });
      return { items, total, page: q.page, page_size: q.page_size };
    },
  };

  async function changePremade(
    id: string, personal: boolean, actor: Actor, action: AuditAction, detail: Record<string, unknown>,
    change: (trx: Parameters<typeof extendPremadeOrder>[0], at: Date) => Promise<PremadeChange>,
  ): Promise<PremadeItem> {
    const at = now();
    const result = await db.transaction().execute(async (trx) => {
      const r = await change(trx, at);
      if (r.ok) await audit(trx, actor, action, 'order', id, { ...detail, expires_at: r.row.expires_at }, at);
      return r;
    });
    if (!result.ok) {
      if (result.reason === 'missing') throw salesErrors.premadeNotFound();
      throw result.reason === 'not_open' ? salesErrors.premadeNotOpen() : salesErrors.premadeNotEditable();
    }
    return premadeItem(result.row, personal, at);
  }
}

export type SalesService = ReturnType<typeof createSalesService>;
