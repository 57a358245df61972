import { expect, it } from 'vitest';
import { mobileOrderActivatedDataSchema } from '@checkout/contract';
import { describeEachDialect } from '../../../test/support/dialects';
import { activateMobileOrder, createMobileOrder } from './service';

/* The customer's SIM activation is a `mobile_order.activated` event, written in the activation's transaction. */
describeEachDialect('mobile_order.activated', (dialect) => {
  it('is written when the SIM is activated, and not for wrong digits or a second activation', async () => {
    const { db } = await dialect.createDb();
    const at = new Date('2026-03-01T10:00:00Z');
    const order = await createMobileOrder(db, {
      mobilePhoneNumber: '3331234567', iccid: '8939010000000000025', donorOperator: 'tim', numberToPort: '3471234567', status: 'mnp_confirmed', now: at,
    });
    const events = () => db.selectFrom('outbox_events').selectAll().execute();
    await expect(activateMobileOrder(db, { order_number: order.order_number, iccid_last5: '99999' }, { ip: '10.0.0.1' }, at)).rejects.toMatchObject({ status: 422 });
    expect(await events()).toHaveLength(0);

    await activateMobileOrder(db, { order_number: order.order_number, iccid_last5: order.iccid.slice(-5) }, { ip: '10.0.0.2' }, at);
    await expect(activateMobileOrder(db, { order_number: order.order_number, iccid_last5: order.iccid.slice(-5) }, { ip: '10.0.0.2' }, at)).rejects.toMatchObject({ status: 409 });
    const [event, ...more] = await events();
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({ type: 'mobile_order.activated', subject_kind: 'mobile_order', subject_id: order.id, seq: 1 });
    expect(mobileOrderActivatedDataSchema.strict().parse(JSON.parse(event!.payload_json))).toEqual({
      mobile_order_id: order.id, order_number: order.order_number, mobile_phone_number: '3331234567', iccid: '8939010000000000025',
      activated_at: at.toISOString(), portability: { donor_operator: 'tim', number_to_port: '3471234567', old_iccid: null },
    });
  });
});
