import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { CONSENT_TEXTS, romeDateTime } from '@checkout/contract';
import { pdfText } from '../../infra/pdf/pdf-text';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';

/*
 * The consent ledger (GDPR arts. 6-7): step 1's consents are recorded with the text's version and
 * hash when first answered and whenever the answer changes, and the signed contract lists them.
 */

describeEachDialect('consent ledger', (dialect) => {
  const h = signingHarness(dialect);
  const { call, preview, sign, readyOrder, sendCode, row, clock } = h;
  const ledger = async (hash: string) => h.t.db.selectFrom('consent_events').selectAll().where('order_id', '=', (await row(hash)).id)
    .orderBy('recorded_at').orderBy('id').execute();

  it('records each consent with its text, then only changes, and the signed contract lists them', async () => {
    const hash = await readyOrder();
    const first = await ledger(hash);
    // Every consent of the form is answered, the optional ones unticked.
    const answers = (events: typeof first) => events.map((e) => `${e.recorded_at} ${e.consent}=${e.granted}`).sort();
    const t0 = first[0]!.recorded_at;
    expect(answers(first)).toEqual([`${t0} marketing_consent=0`, `${t0} privacy_consent=1`, `${t0} profiling_consent=0`, `${t0} third_party_consent=0`]);
    const marketing = first.find((e) => e.consent === 'marketing_consent')!;
    expect(marketing).toMatchObject({
      text_version: '1', channel: 'checkout',
      text_sha256: createHash('sha256').update(CONSENT_TEXTS.marketing_consent).digest('hex'),
    });

    // The same answers again add nothing; a change of mind is a new row, the old one stays.
    clock.ms += 60_000;
    expect((await call((c) => c.submitStep({ order_hash: hash, step_name: 'step-contact' }, PRIVATO_STEPS['step-contact']))).status).toBe(200);
    expect(await ledger(hash)).toHaveLength(4);
    clock.ms += 60_000;
    const changed = { ...PRIVATO_STEPS['step-contact'], marketing_consent: true, profiling_consent: false };
    expect((await call((c) => c.submitStep({ order_hash: hash, step_name: 'step-contact' }, changed))).status).toBe(200);
    const after = await ledger(hash);
    const t2 = after.at(-1)!.recorded_at;
    // Only marketing changed: one new row; the refusal before it stays in the ledger.
    expect(answers(after)).toEqual([...answers(first), `${t2} marketing_consent=1`].sort());

    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) if (name !== 'step-contact') expect((await call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload))).status).toBe(200);
    expect((await preview(hash)).status).toBe(200);
    const code = await sendCode(hash);
    expect((await sign(hash, code)).status).toBe(200);
    const signed = (await pdfText((await h.download(hash, 'signed_contract')).rawPayload)).replace(/\s+/g, ' ');
    expect(signed).toContain('CONSENSI AL TRATTAMENTO DEI DATI');
    // The time as the evidence page prints the signature's: Rome's civil time with its offset, to the second.
    expect(signed).toContain(`Comunicazioni commerciali dato il ${romeDateTime(t2)}; testo versione 1, SHA-256 ${after.at(-1)!.text_sha256.slice(0, 16)}…`);
    expect(signed).toMatch(/Profilazione per offerte personalizzate non dato il/);
    expect(signed).toMatch(/Informativa privacy e trattamento per il servizio dato il/);
  });
});
