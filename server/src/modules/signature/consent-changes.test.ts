import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';

/*
 * A customer changes their optional consents later with the order number and a one-time code (GDPR
 * art. 7(3)): each change is a new ledger row on the channel `self-service`; a wrong code, a used code
 * or an unknown number changes nothing.
 */

describeEachDialect('consent changes', (dialect) => {
  const h = signingHarness(dialect);
  const { call, sendRaw, readyOrder, latestCode, row, clock } = h;
  /** The challenge of the last code asked (the page keeps it and sends it back with the code). */
  let challenge = '';
  const askCode = async (orderNumber: string, mode: 'sms' | 'email' = 'sms') => {
    clock.ms += 60_000;
    const sent = await call((c) => c.consentsSendOtp({ order_number: orderNumber, mode }));
    challenge = sent.data?.challenge_id ?? '';
    return sent;
  };
  const ledger = async (hash: string) => (await h.t.db.selectFrom('consent_events').selectAll()
    .where('order_id', '=', (await row(hash)).id).orderBy('recorded_at').orderBy('id').execute())
    .map((e) => `${e.channel} ${e.consent}=${e.granted}`);
  const choices = { marketing_consent: true, profiling_consent: false, third_party_consent: true };

  it('records each changed choice as a new self-service row, with a code sent to the order\'s contact', async () => {
    const hash = await readyOrder();
    const number = (await row(hash)).order_number;
    const before = await ledger(hash);
    expect(before).toEqual(expect.arrayContaining(['checkout marketing_consent=0', 'checkout profiling_consent=0', 'checkout third_party_consent=0']));

    const sent = await askCode(number.toLowerCase());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ sent: true, destination: '+39 3** *** **67' });
    const wrongOtp = (await latestCode()) === '000000' ? '111111' : '000000';
    const wrong = await call((c) => c.consentsUpdate({ order_number: number, otp: wrongOtp, challenge_id: challenge, ...choices }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'otp_wrong', fields: { otp: 'Codice errato.' } });
    expect(await ledger(hash)).toEqual(before);

    const otp = await latestCode();
    const done = await call((c) => c.consentsUpdate({ order_number: number, otp, challenge_id: challenge, ...choices }));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ order_number: number, consents: choices });
    const after = await ledger(hash);
    expect(after.slice(0, before.length)).toEqual(before);
    // Profiling stays refused: no row for a choice that did not change.
    expect(after.slice(before.length).sort()).toEqual(['self-service marketing_consent=1', 'self-service third_party_consent=1']);
    // The ledger keeps the text's version and hash of what the customer agreed to.
    const last = await h.t.db.selectFrom('consent_events').selectAll().where('channel', '=', 'self-service').where('consent', '=', 'third_party_consent').executeTakeFirstOrThrow();
    expect(last).toMatchObject({ text_version: '1', text_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // A code works once.
    const again = await latestCode();
    const replay = await call((c) => c.consentsUpdate({ order_number: number, otp: again, challenge_id: challenge, ...choices, marketing_consent: false }));
    expect(replay.status).toBe(409);
    expect(await ledger(hash)).toHaveLength(before.length + 2);
  });

  it('refuses an unknown order number, a missing choice and a withdrawal code, changing nothing', async () => {
    const unknown = await askCode('FV-2026-ZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'consents_unknown_order', fields: { order_number: 'Numero d’ordine non trovato.' } });

    const hash = await readyOrder();
    const number = (await row(hash)).order_number;
    const before = await ledger(hash);
    expect((await askCode(number)).status).toBe(200);
    // Sent raw: a body without every choice is one the typed client would not let through.
    const partial = await sendRaw('/api/consents/update', { order_number: number, otp: await latestCode(), marketing_consent: true });
    expect(partial.status).toBe(422);
    expect(partial.body.error!.fields).toHaveProperty('profiling_consent');
    // A code asked for something else does not change consents.
    const other = await h.t.db.selectFrom('withdrawals').selectAll().where('order_id', '=', (await row(hash)).id).execute();
    expect(other).toEqual([]);
    expect(await ledger(hash)).toEqual(before);
  });
});
