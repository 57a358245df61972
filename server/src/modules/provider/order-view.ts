import {
  CONSOLE_STATUS_LABELS, PRODUCT_ORDER_STATE_OF, WORKFLOW_STATUSES, firstActivationDay, pricesIncludeVat, isFinalWorkflowStatus, providerEndpoints, providerTransitions,
} from '@checkout/contract';
import type { ActivationTiming, AppointmentSlot, AppointmentSlotStatus, ProviderOrder, WorkflowStatus } from '@checkout/contract';
import type { Selectable } from 'kysely';
import type { OrderTimeline } from '../../db/types';
import { getCatalogueOffer } from '../catalog';
import type { ProviderOrderRow, SlotRow } from './repository';

/*
 * An order as the provider API answers it (contract providerOrderSchema, a TMF622 ProductOrder): what the
 * provisioning system needs to act on it and to show it, read from the order, its timeline and its slots.
 */

const HISTORY_MAX = 100;

const isWorkflow = (s: string | null): s is WorkflowStatus => s !== null && (WORKFLOW_STATUSES as readonly string[]).includes(s);

/** A field the visitor typed, as text of at most `max` characters (the checkout's schemas bound them already). */
const str = (f: Record<string, unknown>, key: string, max: number): string | null => {
  const v = f[key];
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return s === '' ? null : s.slice(0, max);
};

const euros = (cents: number) => ({ value: Math.round(Number(cents)) / 100, unit: 'EUR' as const });

const offerNameOf = (offerId: number): string | null => {
  try { return getCatalogueOffer(offerId).name.slice(0, 200); } catch { return null; }
};

export const toSlot = (row: SlotRow): AppointmentSlot => ({
  id: row.id, valid_for: { start_date_time: row.starts_at, end_date_time: row.ends_at }, status: row.status as AppointmentSlotStatus,
});

export const toNote = (row: Selectable<OrderTimeline>) => ({ id: String(row.id), author: row.operator_name?.slice(0, 100) ?? null, date: row.at, text: row.text ?? '' });

export function providerOrderView(row: ProviderOrderRow, timeline: Selectable<OrderTimeline>[], slots: SlotRow[], timing: ActivationTiming): ProviderOrder {
  const status = isWorkflow(row.workflow_status) ? row.workflow_status : 'signed';
  let fields: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.fields_json);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) fields = parsed as Record<string, unknown>;
  } catch { /* an unreadable row shows no customer data */ }
  const name = str(fields, 'ragione_sociale', 200) ?? ([str(fields, 'first_name', 100), str(fields, 'last_name', 100)].filter(Boolean).join(' ') || null);

  const moves = timeline.filter((e) => isWorkflow(e.to_status));
  // From the signature's own entry (its `from` is the checkout's, shown as null) to the last move.
  const history = moves.map((e) => ({
    from: isWorkflow(e.from_status) ? e.from_status : null, to: e.to_status as WorkflowStatus, at: e.at, text: e.text?.slice(0, 2000) ?? null,
  })).slice(-HISTORY_MAX);
  const ended = isFinalWorkflowStatus(status) ? (moves.filter((e) => e.to_status === status).at(-1)?.at ?? row.updated_at) : null;

  return {
    id: row.id,
    href: providerEndpoints.getOrder.path.replace('{order_ref}', row.id),
    order_number: row.order_number,
    state: PRODUCT_ORDER_STATE_OF[status],
    status,
    status_label: CONSOLE_STATUS_LABELS[status],
    customer_type: row.customer_type,
    order_date: row.signed_at,
    last_update: row.updated_at,
    completion_date: ended,
    customer: { name, email: str(fields, 'email', 254), mobile_phone: str(fields, 'mobile_phone_number', 40) },
    installation_address: {
      street: str(fields, 'address', 200), street_number: str(fields, 'number', 20), postcode: str(fields, 'zip_code', 10),
      city: str(fields, 'city', 100), province: str(fields, 'province', 10),
    },
    offer: {
      id: row.offer_id, name: offerNameOf(row.offer_id), technology: row.technology?.slice(0, 20) ?? null,
      monthly_price: euros(row.monthly_cents), one_off_price: euros(row.one_off_cents), vat_included: pricesIncludeVat(row.customer_type),
    },
    withdrawal_period: row.customer_type === 'privato'
      ? { early_activation_requested: timing.earlyActivationRequested, first_activation_day: firstActivationDay(timing) }
      : null,
    allowed_moves: providerTransitions(status).map((t) => ({ status: t.to, reason_required: t.reasonRequired })),
    appointment_slots: slots.map(toSlot),
    notes: timeline.filter((e) => e.kind === 'note').map(toNote).slice(-HISTORY_MAX),
    status_history: history,
  };
}
