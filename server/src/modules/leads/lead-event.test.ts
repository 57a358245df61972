import { expect, it } from 'vitest';
import { leadCreatedDataSchema } from '@checkout/contract';
import { describeEachDialect } from '../../../test/support/dialects';
import { createLead } from './service';
import { parsedLead } from './test-lead';

/*
 * A stored lead is a `lead.created` event written with it: one delivery to the provider's event webhook and
 * one to the SPEC's own lead webhook, both waiting in the outbox (the lead has no delivery state of its own).
 */
describeEachDialect('lead.created', (dialect) => {
  it('is written with the lead, carrying the lead as stored, for the provider webhook and the lead webhook', async () => {
    const { db } = await dialect.createDb();
    const at = new Date('2026-03-01T10:00:00Z');
    const { id } = await createLead(db, parsedLead({ nome: 'Giulia' }), at);
    const events = await db.selectFrom('outbox_events').selectAll().execute();
    expect(events).toMatchObject([{ type: 'lead.created', subject_kind: 'lead', subject_id: id, seq: 1, created_at: at.toISOString() }]);
    const data = leadCreatedDataSchema.strict().parse(JSON.parse(events[0]!.payload_json));
    expect(data).toEqual({ lead_id: id, created_at: at.toISOString(), lead: parsedLead({ nome: 'Giulia' }) });
    const deliveries = await db.selectFrom('outbox_deliveries').select(['id', 'target', 'status', 'subject_kind', 'subject_id', 'next_attempt_at']).orderBy('id').execute();
    expect(deliveries).toEqual([
      { id: `${events[0]!.id}.0`, target: 'webhook', status: 'pending', subject_kind: 'lead', subject_id: id, next_attempt_at: at.toISOString() },
      { id: `${events[0]!.id}.1`, target: 'lead_webhook', status: 'pending', subject_kind: 'lead', subject_id: id, next_attempt_at: at.toISOString() },
    ]);
    expect(await db.selectFrom('leads').select('id').execute()).toEqual([{ id }]);
  });
});
