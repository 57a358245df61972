import { randomUUID } from 'node:crypto';
import {
  CONSOLE_STATUS_LABELS, ERROR_CODES, PROVIDER_ERROR_CODES, SLOT_PUBLISHING_STATUSES, WORKFLOW_STATUSES, appointmentSlotsPublishedDataSchema,
  firstActivationDay, newSlotCount, slotProblems, slotPublicationIsNews, startsBeforeDay, toItalianDate,
} from '@checkout/contract';
import type { ConsoleOrderStatus, ProviderOrder, WorkflowStatus, providerMoveSchema, providerNoteSchema, publishSlotsResultSchema, publishSlotsSchema } from '@checkout/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError, MESSAGES, notFound } from '../../http/errors';
import { emitEvent } from '../../infra/outbox';
import { appendTimeline, auditAs, moveOrderStatus } from '../orders';
import type { WorkflowActor } from '../orders';
import { activationTimingOf } from '../signature';
import { providerOrderView, toNote, toSlot } from './order-view';
import {
  insertSlots, lockOrderRow, selectLastPublishedAt, selectLiveSlots, selectProviderTimeline, selectSignedOrder, withdrawOffered,
} from './repository';
import type { ProviderOrderRow } from './repository';
import type { ProviderToken } from './tokens';

/*
 * What the provider's systems do to an order: read it, move it (through the console's one workflow move:
 * same table, same timeline, audit and event), publish appointment slots, write a note the customer reads.
 * Every change writes its audit record in its own transaction.
 */

export interface ProviderDeps { db: Db; now: () => Date }

/** The calling token, from where. */
export interface ProviderCaller { token: ProviderToken; ip: string; userAgent: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

const actorOf = (caller: ProviderCaller): WorkflowActor & { kind: 'provider' } => ({
  kind: 'provider', token: { id: caller.token.id, name: caller.token.name }, ip: caller.ip, userAgent: caller.userAgent,
});
const isWorkflow = (s: string | null): s is WorkflowStatus => s !== null && (WORKFLOW_STATUSES as readonly string[]).includes(s);

export function createProviderService(deps: ProviderDeps) {
  const { db } = deps;

  /** `{order_ref}`: the order's id or its number; an order not signed yet is as unknown as none. */
  async function requireOrder(ref: string): Promise<ProviderOrderRow> {
    const row = UUID.test(ref) ? await selectSignedOrder(db, { id: ref.toLowerCase() })
      : ORDER_NUMBER.test(ref) ? await selectSignedOrder(db, { orderNumber: ref.toUpperCase() }) : undefined;
    if (!row) throw notFound('Ordine non trovato');
    return row;
  }

  async function view(orderId: string): Promise<ProviderOrder> {
    const row = await selectSignedOrder(db, { id: orderId });
    if (!row) throw notFound('Ordine non trovato');
    const [timeline, slots, timing] = await Promise.all([selectProviderTimeline(db, row.id), selectLiveSlots(db, row.id), activationTimingOf(db, row)]);
    return providerOrderView(row, timeline, slots, timing);
  }

  return {
    async getOrder(caller: ProviderCaller, ref: string): Promise<ProviderOrder> {
      const row = await requireOrder(ref);
      const order = await view(row.id);
      await auditAs(db, actorOf(caller), 'provider_order_read', row.id, { order_number: row.order_number }, deps.now());
      return order;
    },

    async moveOrder(caller: ProviderCaller, ref: string, body: z.output<typeof providerMoveSchema>): Promise<ProviderOrder> {
      const row = await requireOrder(ref);
      await db.transaction().execute(async (trx) => moveOrderStatus(trx, actorOf(caller), {
        orderId: row.id, expected: body.expected_status, to: body.status, reason: body.reason ?? null, customerMessage: body.customer_message ?? null, at: deps.now(),
        ...(body.status === 'activating' ? { timing: await activationTimingOf(trx, row) } : {}),
      }));
      return view(row.id);
    },

    async addNote(caller: ProviderCaller, ref: string, text: string): Promise<z.input<typeof providerNoteSchema>> {
      const row = await requireOrder(ref);
      const at = deps.now();
      const actor = actorOf(caller);
      const id = await db.transaction().execute(async (trx) => {
        const entryId = await appendTimeline(trx, {
          order_id: row.id, kind: 'note', at: at.toISOString(), operator_id: null, operator_name: actor.token.name,
          from_status: null, to_status: null, text, customer_visible: 1,
        });
        await auditAs(trx, actor, 'order_note_added', row.id, { timeline_id: entryId, customer_visible: true }, at);
        return entryId;
      });
      return toNote({ id, order_id: row.id, kind: 'note', at: at.toISOString(), operator_id: null, operator_name: actor.token.name, from_status: null, to_status: null, text, customer_visible: 1 });
    },

    /**
     * Replaces the order's offered slots with these (an empty list withdraws the offer); the booked one
     * stays, and a new slot may not overlap it. Only while the order is verified or activating. A
     * publication that offers a time not on offer before writes `appointment.slots_published` with it,
     * which tells the customer by email and SMS when the dates are news to them (contract
     * `slotPublicationIsNews`, `customerMessagesFor`).
     */
    async publishSlots(caller: ProviderCaller, ref: string, body: z.output<typeof publishSlotsSchema>): Promise<z.input<typeof publishSlotsResultSchema>> {
      const row = await requireOrder(ref);
      const now = deps.now();
      const at = now.toISOString();
      const periods = body.slots.map((s) => ({ start: new Date(s.valid_for.start_date_time), end: new Date(s.valid_for.end_date_time) }));
      return db.transaction().execute(async (trx) => {
        const status = await lockOrderRow(trx, row.id);
        if (!isWorkflow(status) || !SLOT_PUBLISHING_STATUSES.includes(status)) {
          const current = (status ?? row.status) as ConsoleOrderStatus;
          throw new AppError(PROVIDER_ERROR_CODES.slotsNotAllowed, 409,
            `Le fasce per l'appuntamento si pubblicano solo per un ordine verificato o in attivazione: questo è «${CONSOLE_STATUS_LABELS[current] ?? current}».`,
            undefined, { current_status: current });
        }
        // A consumer who did not ask to start within the 14 days is offered no appointment before they end.
        const firstDay = firstActivationDay(await activationTimingOf(trx, row));
        if (firstDay && periods.some((p) => startsBeforeDay(p.start, firstDay))) {
          throw new AppError(PROVIDER_ERROR_CODES.withdrawalPeriodRunning, 409,
            `Il cliente non ha chiesto di attivare il servizio durante i 14 giorni di ripensamento: le fasce possono cominciare dal ${toItalianDate(firstDay)}.`,
            undefined, { first_allowed_day: firstDay });
        }
        const before = await selectLiveSlots(trx, row.id);
        const periodsOf = (status: string) => before.filter((s) => s.status === status).map((s) => ({ start: new Date(s.starts_at), end: new Date(s.ends_at) }));
        const [booked, offeredBefore] = [periodsOf('booked'), periodsOf('offered')];
        const problems = slotProblems(periods, now, booked);
        if (Object.keys(problems).length > 0) throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, problems);
        const lastPublishedAt = await selectLastPublishedAt(trx, row.id);
        const withdrawn = await withdrawOffered(trx, row.id, at);
        const inserted = periods.map((p) => ({
          id: randomUUID(), order_id: row.id, starts_at: p.start.toISOString(), ends_at: p.end.toISOString(), status: 'offered',
          published_at: at, booked_at: null, updated_at: at,
        }));
        await insertSlots(trx, inserted);
        const newSlots = newSlotCount(periods, offeredBefore);
        const customerNotified = newSlots > 0 && slotPublicationIsNews({
          published: periods, offeredBefore, booked: booked[0] ?? null, lastPublishedAt: lastPublishedAt ? new Date(lastPublishedAt) : null, now,
        });
        if (newSlots > 0) {
          const data = appointmentSlotsPublishedDataSchema.parse({
            order_id: row.id, order_number: row.order_number,
            slots: [...inserted].sort((x, y) => x.starts_at.localeCompare(y.starts_at)).map((s) => ({ id: s.id, starts_at: s.starts_at, ends_at: s.ends_at })),
            new_slots: newSlots, withdrawn, customer_notified: customerNotified, published_at: at,
          });
          await emitEvent(trx, { type: 'appointment.slots_published', subjectId: row.id, data, at: now });
        }
        await auditAs(trx, actorOf(caller), 'appointment_slots_published', row.id, { slots: periods.length, withdrawn, customer_notified: customerNotified }, now);
        return { order_id: row.id, slots: (await selectLiveSlots(trx, row.id)).map(toSlot), withdrawn };
      });
    },
  };
}

export type ProviderService = ReturnType<typeof createProviderService>;
