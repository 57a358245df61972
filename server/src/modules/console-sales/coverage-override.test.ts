import { ApiError, createPremadeSchema } from '@checkout/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { signInOperator } from '../../../test/support/console-session';
import type { SignedInTestOperator } from '../../../test/support/console-session';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { catalogModule } from '../catalog';
import { consoleAuthModule } from '../console-auth';
import { createConsoleOrdersModule } from '../console-orders';
import { createOrdersModule, findOrderByHash } from '../orders';
import { consoleSalesModule } from './routes';

/*
 * An order at an address the coverage data does not know is refused, except a pre-made order whose
 * technology an operator states in the console, with a reason: the override is audited, stored on the
 * order (where no request of the visitor can put it) and shown on the console's order page.
 */

const NOW = new Date('2026-03-01T10:00:00Z');
const REASON = 'Palazzina nuova, linea FTTC confermata dal tecnico';
const FTTC_OFFER = 104;
/** An address the coverage data does not know, as the operator types it. */
const TYPED = { address: 'Via Nuova', number: '7', city: 'Roma', zip_code: '00185', province: 'RM' };
const OVERRIDE = { technology: 'FTTC' as const, reason: REASON, ...TYPED };

async function refusal(call: Promise<unknown>): Promise<{ status: number | null; fields: Record<string, string> | undefined }> {
  const err = await call.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => e);
  if (!(err instanceof ApiError)) throw err;
  return { status: err.status, fields: err.fields };
}

describeEachDialect('pre-made orders: the operator\'s statement of an unknown address\'s line', (dialect) => {
  let t: TestApp;
  let sales: SignedInTestOperator;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      now: () => NOW,
      modules: [catalogModule, createOrdersModule({ now: () => NOW }), consoleAuthModule, createConsoleOrdersModule(), consoleSalesModule],
    });
    sales = await signInOperator(t.app, t.db, 'admin', { now: () => NOW, name: 'Anna Verdi' });
  });
  afterAll(async () => t.close());

  const hashOf = async (id: string) => (await t.db.selectFrom('orders').select('hash').where('id', '=', id).executeTakeFirstOrThrow()).hash;
  const overrideAudits = () => t.db.selectFrom('audit_log').selectAll().where('action', '=', 'coverage_overridden').execute();

  it('makes the order on the named technology, audits it, and the order page says the coverage is not verified', async () => {
    const created = await sales.client.createPremadeOrder({ offer_id: FTTC_OFFER, coverage_override: OVERRIDE });
    const order = (await findOrderByHash(t.db, await hashOf(created.id)))!;
    expect(order.fields).toMatchObject({
      ...TYPED, technology: 'FTTC', services_coverage: [], cluster: '',
      coverage_override: { technology: 'FTTC', reason: REASON, operator: 'Anna Verdi', at: NOW.toISOString() },
    });
    const audit = (await overrideAudits()).filter((a) => a.target_id === created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: sales.operator.id, target_type: 'order' });
    expect(JSON.parse(audit[0]!.detail_json)).toMatchObject({ technology: 'FTTC', reason: REASON, order_number: created.order_number });

    const detail = await sales.client.getOrder({ order_id: created.id });
    const rows = detail.steps.find((s) => s.step === 'step-address')!.rows;
    expect(rows).toContainEqual({ label: 'Copertura', value: `Copertura non verificata: tecnologia FTTC indicata dall'operatore (${REASON}) · Anna Verdi` });
  });

  it('lets the customer go on at the address the operator typed, the line staying the one the operator named', async () => {
    const created = await sales.client.createPremadeOrder({ offer_id: FTTC_OFFER, coverage_override: OVERRIDE });
    const hash = await hashOf(created.id);
    for (const name of ['step-contact', 'step-address']) {
      const typed = name === 'step-address' ? { ...PRIVATO_STEPS[name], ...TYPED } : PRIVATO_STEPS[name]!;
      const res = await injectCall(t.app, (c) => c.submitStep({ order_hash: hash, step_name: name }, typed));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await findOrderByHash(t.db, hash))!.fields).toMatchObject({ address: 'Via Nuova', number: '7', technology: 'FTTC' });
    // The customer cannot state another line.
    const res = await injectCall(t.app, (c) => c.updateOrder({ order_hash: hash }, { offer_id: FTTC_OFFER, technology: 'FTTH' }));
    expect(res.status).toBe(422);
    expect(res.body.error?.rules).toEqual({ technology: 'coverage_mismatch' });
  });

  it('refuses, auditing nothing, an order with neither address nor override, and one whose offer does not use the named technology', async () => {
    const before = (await overrideAudits()).length;
    expect(await refusal(sales.client.createPremadeOrder({ offer_id: FTTC_OFFER }))).toMatchObject({ status: 422, fields: { id_egon_civico: expect.any(String) } });
    expect(await refusal(sales.client.createPremadeOrder({ offer_id: 101, coverage_override: OVERRIDE })))
      .toMatchObject({ status: 422, fields: { offer_id: expect.any(String) } });
    expect(await overrideAudits()).toHaveLength(before);
  });

  describe('only staff can state the line', () => {
    it('a visitor\'s orders/new carrying an override is refused for its unknown address', async () => {
      const res = await t.app.inject({
        method: 'POST', url: '/api/orders/new',
        payload: { api_key: DEMO_PUBLIC_API_KEY, offer_id: FTTC_OFFER, technology: 'FTTC', coverage_override: { technology: 'FTTC', reason: REASON, operator: 'x', at: '' } },
      });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { error: { rules: unknown } }).error.rules).toEqual({ id_egon_civico: 'address_not_covered' });
    });

    it('the console refuses an override beside an address the coverage data knows, and one without a reason', () => {
      expect(createPremadeSchema.safeParse({ offer_id: 101, id_egon_civico: '0580910000001', coverage_override: { ...OVERRIDE, technology: 'FTTH' } }).success).toBe(false);
      expect(createPremadeSchema.safeParse({ offer_id: FTTC_OFFER, coverage_override: { ...OVERRIDE, reason: ' ' } }).success).toBe(false);
      expect(createPremadeSchema.safeParse({ offer_id: FTTC_OFFER, coverage_override: { ...OVERRIDE, address: '=HYPERLINK("x")' } }).success).toBe(false);
      expect(createPremadeSchema.safeParse({ offer_id: FTTC_OFFER, coverage_override: OVERRIDE }).success).toBe(true);
    });
  });
});
