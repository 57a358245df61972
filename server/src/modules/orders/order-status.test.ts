import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSOLE_ORDER_STATUSES, OPERATOR_ROLES, ORDER_TRANSITIONS, WORKFLOW_STATUSES, findOrderTransition } from '@checkout/contract';
import type { ConsoleOrderStatus, OrderTransition, WorkflowStatus } from '@checkout/contract';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import { FULL_SELECTION } from '../../../test/support/signing-harness';
import { catalogModule } from '../catalog';
import { followCheckoutSteps, moveOrderStatus } from './order-status';
import type { WorkflowActor } from './order-status';
import { createOrdersModule } from './routes';

/*
 * The contract's one table (ORDER_TRANSITIONS), walked through the one status function: every move the
 * table gives an actor (each staff role, the provider's systems, the customer) succeeds and writes its
 * timeline entry, its audit record and one `order.status_changed` event; every other move is refused and
 * writes nothing. The checkout's moves follow the saved steps: they change the status and nothing else,
 * and no caller can make them through the function the others use.
 */

const client = { ip: '10.1.2.3', userAgent: 'vitest' };
const ACTORS: Array<{ name: string; actor: WorkflowActor; may: (t: OrderTransition) => boolean }> = [
  ...OPERATOR_ROLES.map((role) => ({
    name: `operator ${role}`,
    actor: { kind: 'operator' as const, operator: { id: `op-${role}`, name: `Op ${role}`, email: `${role}@example.it`, role }, ...client },
    may: (t: OrderTransition) => t.roles.includes(role),
  })),
  { name: 'provider', actor: { kind: 'provider', token: { id: 'tok-1', name: 'CRM' }, ...client }, may: (t) => t.provider },
  { name: 'customer', actor: { kind: 'customer', ...client }, may: (t) => t.customer },
];

describeEachDialect('the one status function', (dialect) => {
  let t: TestApp;
  let orderId: string;
  const at = new Date('2026-03-20T10:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp(dialect, { coverage: true, modules: [catalogModule, createOrdersModule()] });
    const res = await injectCall(t.app, (c) => c.newOrder({ ...FULL_SELECTION }), { remoteAddress: '10.1.0.1' });
    const hash = String(res.body.data?.hash);
    orderId = (await t.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  const counts = async () => Promise.all([
    t.db.selectFrom('order_timeline').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow(),
    t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('target_id', '=', orderId).where('action', '=', 'order_status_changed').executeTakeFirstOrThrow(),
    t.db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<number>().as('n')).where('subject_id', '=', orderId).where('type', '=', 'order.status_changed').executeTakeFirstOrThrow(),
  ]).then((rows) => rows.map((r) => Number(r.n)));
  const statusOf = async () => {
    const row = await t.db.selectFrom('orders').select(['status', 'workflow_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
    return row.workflow_status ?? row.status;
  };
  // Arranging the case, not the rule under test: the row as a move into `from` leaves it.
  const arrange = (from: ConsoleOrderStatus) => t.db.updateTable('orders')
    .set((WORKFLOW_STATUSES as readonly string[]).includes(from) ? { workflow_status: from, status: 'signed' } : { workflow_status: null, status: from })
    .where('id', '=', orderId).execute();

  it('makes every move the table gives each actor, and refuses every other', async () => {
    let allowedMoves = 0;
    for (const { name, actor, may } of ACTORS) {
      for (const from of CONSOLE_ORDER_STATUSES) {
        for (const to of WORKFLOW_STATUSES) {
          await arrange(from);
          const transition = findOrderTransition(from, to);
          const allowed = transition !== undefined && may(transition);
          const before = await counts();
          const move = () => t.db.transaction().execute((trx) => moveOrderStatus(trx, actor, {
            // Staff and the provider give a reason (required by some moves); the customer's own moves have none.
            orderId, expected: from, to, reason: actor.kind === 'customer' ? null : 'Motivo di prova', customerMessage: 'Messaggio per il cliente', at,
            timing: { customerType: 'privato', signedAt: new Date('2026-03-01T10:00:00Z'), earlyActivationRequested: true },
          }));
          const label = `${name}: ${from} → ${to}`;
          if (allowed) {
            allowedMoves += 1;
            expect(await move(), label).toMatchObject({ from, to });
            expect(await statusOf(), label).toBe(to);
            const after = await counts();
            // The move's entry, plus staff's reason as a note the customer never reads (the customer's own moves have no reason).
            expect(after[0]! - before[0]!, label).toBe(actor.kind === 'customer' ? 1 : 2);
            expect([after[1]! - before[1]!, after[2]! - before[2]!], label).toEqual([1, 1]);
          } else {
            await expect(move(), label).rejects.toMatchObject({ status: expect.any(Number) as number });
            expect(await statusOf(), label).toBe(from);
            expect(await counts(), label).toEqual(before);
          }
        }
      }
    }
    // Every move of the table but the checkout's was made by at least one actor.
    expect(allowedMoves).toBeGreaterThanOrEqual(ORDER_TRANSITIONS.filter((m) => !m.checkout).length);
  });

  it('follows the checkout\'s steps only along the table\'s checkout moves, with no history, audit or event', async () => {
    let allowedMoves = 0;
    for (const from of CONSOLE_ORDER_STATUSES) {
      for (const to of CONSOLE_ORDER_STATUSES.filter((s) => s !== from)) {
        await arrange(from);
        const before = await counts();
        const follow = () => t.db.transaction().execute((trx) => followCheckoutSteps(trx, orderId, from, to, at));
        const label = `checkout: ${from} → ${to}`;
        if (findOrderTransition(from, to)?.checkout) {
          allowedMoves += 1;
          await follow();
          expect(await statusOf(), label).toBe(to);
        } else {
          await expect(follow(), label).rejects.toThrow();
          expect(await statusOf(), label).toBe(from);
        }
        expect(await counts(), label).toEqual(before);
      }
    }
    expect(allowedMoves).toBe(ORDER_TRANSITIONS.filter((m) => m.checkout).length);
  });

  it('refuses a stale move: the status the caller saw is not the order\'s any more', async () => {
    await t.db.updateTable('orders').set({ workflow_status: 'verified' }).where('id', '=', orderId).execute();
    const before = await counts();
    await expect(t.db.transaction().execute((trx) => moveOrderStatus(trx, ACTORS[0]!.actor, {
      orderId, expected: 'signed' satisfies WorkflowStatus, to: 'in_review', reason: null, at,
    }))).rejects.toMatchObject({ status: 409, code: 'console_stale_transition' });
    expect(await counts()).toEqual(before);
  });
});
