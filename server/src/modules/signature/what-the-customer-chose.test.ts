import { expect, it } from 'vitest';
import { VOICE_LINE_MESSAGES } from '@checkout/contract';
import { pdfText } from '../../infra/pdf/pdf-text';
import { describeEachDialect } from '../../../test/support/dialects';
import { ACCEPTED, added, signingHarness } from '../../../test/support/signing-harness';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';

/*
 * The contract says only what the customer chose: step 3's one answer on the voice line (a kept number
 * is the ported one, never "a new number" beside it), and on an order prepared by staff each paid option
 * ticked by the customer before the code is sent (Codice del Consumo art. 65 c. 2).
 */

const PORTING = {
  ...PRIVATO_STEPS['step-address'], portability_phone: true, portability_internet: false, portability_operator: 'tim',
  portability_old_number: '06 1234567', portability_migration_code: 'TLC 0612345678 001 A', voip_activation_request: true,
};

describeEachDialect('what the customer chose', (dialect) => {
  const h = signingHarness(dialect);
  const { call, preview, readyOrder, row, clock } = h;
  const step = (hash: string, body: Record<string, unknown>) => call((c) => c.submitStep({ order_hash: hash, step_name: 'step-address' }, body));
  const previewData = async (hash: string) => {
    const res = await preview(hash);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { pdf_base64: string; paid_options_to_confirm: Array<{ key: string; name: string; monthly: number; one_off: number }> };
  };

  it('a porting order\'s contract names only the ported number, with the number left empty the second time', async () => {
    const hash = await readyOrder();
    const sent = await step(hash, { ...PORTING, voip_old_phone_number: '' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(JSON.parse((await row(hash)).fields_json)).toMatchObject({ portability_phone: true, voip_old_phone_number: '061234567' });

    const text = await pdfText(Buffer.from((await previewData(hash)).pdf_base64, 'base64'));
    expect(text).toContain('attivazione mantenendo il numero attuale 061234567');
    expect(text).toContain('Numero da portare');
    expect(text).not.toMatch(/nuovo numero/i);
    // Every fixed number the contract prints is the ported one.
    expect(new Set(text.match(/(?<![\w+])0\d{5,10}(?!\w)/g))).toEqual(new Set(['061234567']));
  });

  it('refuses a second, different number for the voice line, and keeping a number without a voice plan', async () => {
    const hash = await readyOrder();
    const other = await step(hash, { ...PORTING, voip_old_phone_number: '069999999' });
    expect(other.status).toBe(422);
    expect(other.body.error!.fields).toMatchObject({ voip_old_phone_number: VOICE_LINE_MESSAGES.otherNumber });

    const noVoice = await readyOrder({ options: [added(22, 'router')] });
    const noPlan = await step(noVoice, PORTING);
    expect(noPlan.status).toBe(422);
    expect(noPlan.body.error!.fields).toMatchObject({ portability_phone: VOICE_LINE_MESSAGES.keepWithoutPlan });
  });

  it('an order prepared by staff: no code until each paid option is ticked, and each tick is on the evidence page', async () => {
    const hash = await readyOrder();
    await h.t.db.updateTable('orders').set({ premade_code: 'TESTPREMADE1' }).where('hash', '=', hash).execute();
    const toConfirm = (await previewData(hash)).paid_options_to_confirm;
    expect(toConfirm.map((l) => l.key)).toEqual(expect.arrayContaining(['option-10', 'option-22', 'cover-wood']));
    expect(toConfirm.find((l) => l.key === 'option-10')).toMatchObject({ name: 'Voce Illimitata Family', monthly: 500 });
    const keys = toConfirm.map((l) => l.key);

    clock.ms += 60_000;
    const unticked = await call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED, confirmed_paid_options: keys.slice(1) }));
    expect(unticked.status).toBe(422);
    expect(unticked.body.error).toMatchObject({ code: 'acceptance_required' });
    expect(Object.keys(unticked.body.error!.fields!)).toEqual([`confirmed_paid_options.${keys[0]}`]);

    clock.ms += 60_000;
    const ticked = await call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED, confirmed_paid_options: keys }));
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    const otp = await h.t.db.selectFrom('signature_otps').select('acceptances_json').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(otp.acceptances_json ?? '{}') as object)).toEqual(expect.arrayContaining(keys.map((k) => `paid_option_confirmed:${k}`)));

    const signed = await h.sign(hash, await h.latestCode());
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const file = await h.download(hash, 'signed_contract');
    const evidence = await pdfText(file.rawPayload);
    expect(evidence.replace(/\s+/g, ' ')).toContain('Opzione a pagamento preparata dal consulente, confermata dal cliente: Voce Illimitata Family');
  });

  it('an order the visitor built asks no such confirmation', async () => {
    const hash = await readyOrder();
    expect((await previewData(hash)).paid_options_to_confirm).toEqual([]);
    await h.sendCode(hash);
  });
});
