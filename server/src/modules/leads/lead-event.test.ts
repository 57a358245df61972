import { expect, it } from 'vitest';
import { leadCreatedDataSchema } from '@checkout/contract';
import { describeEachDialect } from '../../../test/support/dialects';
import { createLead } from './service';
import { parsedLead } from './test-lead';

/*
 * A stored lead is also a `lead.created` event for the provider's event webhook, written with it; the
 * SPEC's own lead webhook keeps its delivery state on the lead's row, untouched by the event.
 */
describeEachDialect('lead.created', (dialect) => {
  it('is written with the lead, carrying the lead as stored, for the provider webhook only', async () => {
    const { db } = await dialect.createDb();
    const at = new Date('2026-03-01T10:00:00Z');
    const { id } = await createLead(db, parsedLead({ nome: 'Giulia' }), at);
    const events = await db.selectFrom('outbox_events').selectAll().execute();
    expect(events).toMatchObject([{ type: 'lead.created', subject_kind: 'lead', subject_id: id, seq: 1, created_at: at.toISOString() }]);
    const data = leadCreatedDataSchema.strict().parse(JSON.parse(events[0]!.payload_json));
    expect(data).toEqual({ lead_id: id, created_at: at.toISOString(), lead: parsedLead({ nome: 'Giulia' }) });
    const deliveries = await db.selectFrom('outbox_deliveries').select(['target', 'status']).execute();
    expect(deliveries).toEqual([{ target: 'webhook', status: 'pending' }]);
    expect(await db.selectFrom('leads').select(['id', 'delivery_status']).execute()).toEqual([{ id, delivery_status: 'pending' }]);
  });
});
