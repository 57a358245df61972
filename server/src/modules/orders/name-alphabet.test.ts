import { ADDRESS_TEXT_MESSAGE, COMPANY_NAME_MESSAGE, PERSON_NAME_MESSAGE } from '@checkout/contract/italian/person-name';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient, Settled } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { catalogModule } from '../catalog';
import { createOrdersModule } from './routes';
import { findOrderByHash } from './service';

/*
 * Names, company names and addresses are typed in the alphabets of contract/italian/person-name.ts: the
 * server refuses what the browser refuses (emoji, symbols, control characters), with the message on the
 * field, and a name it accepts is one the codice fiscale comparison reads.
 */
const NOW = new Date('2026-03-01T10:00:00Z');

const BUSINESS_PERSONAL = {
  ragione_sociale: 'Esempio S.r.l.', forma_giuridica: 'S.r.l.', partita_iva: 'IT 00743110157', company_tax_code: '00743110157',
  pec: 'esempio@pec.it', sdi: 'm5uxcr1', provincia_rea: 'MI', numero_rea: '1234567', ateco: '62.01',
  sede_legale_indirizzo: 'Via Dante', sede_legale_civico: '1', sede_legale_comune: 'Milano', sede_legale_cap: '20121', sede_legale_provincia: 'MI',
};

describeEachDialect('orders: the alphabet of names and addresses', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { coverage: true, modules: [catalogModule, createOrdersModule({ now: () => NOW })] });
  });
  afterAll(async () => t.close());

  const newOrder = async (payload: Partial<Parameters<InjectClient['newOrder']>[0]> = {}): Promise<string> => {
    const { status, body } = await injectCall(t.app, (c) => c.newOrder({ offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, ...payload }));
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data!.hash as string;
  };
  const step = (hash: string, name: string, payload: Record<string, unknown>) =>
    injectCall(t.app, (c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
  const refusedOn = (res: Settled<unknown>, field: string, message: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error!.code).toBe('validation_error');
    expect(res.body.error!.fields).toEqual({ [field]: message });
  };

  it.each(['😀😀😀', 'Mario 😀', 'Ma\trio', 'Mario™', 'Марио'])('refuses the first name %j with the message on the field', async (name) => {
    const hash = await newOrder();
    refusedOn(await step(hash, 'step-contact', { ...PRIVATO_STEPS['step-contact'], first_name: name }), 'first_name', PERSON_NAME_MESSAGE);
  });

  it('refuses the company name "Bianchi 🚀 S.r.l." with the message on the field', async () => {
    const hash = await newOrder({ offer_id: 201, customer_type: 'business' });
    refusedOn(await step(hash, 'step-personal', { ...BUSINESS_PERSONAL, ragione_sociale: 'Bianchi 🚀 S.r.l.' }), 'ragione_sociale', COMPANY_NAME_MESSAGE);
    const ok = await step(hash, 'step-personal', { ...BUSINESS_PERSONAL, ragione_sociale: 'Bianchi & Figli (Roma) S.r.l.' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it.each([
    ['step-contact', 'last_name', '😀😀😀', PERSON_NAME_MESSAGE],
    ['step-payment', 'sepa_first_name', '😀😀😀', PERSON_NAME_MESSAGE],
    ['step-payment', 'sepa_last_name', 'Rossi 🚀', PERSON_NAME_MESSAGE],
    ['step-personal', 'residenza_indirizzo', 'Via Roma 🏠', ADDRESS_TEXT_MESSAGE],
    ['step-personal', 'residenza_comune', 'Roma 😀', ADDRESS_TEXT_MESSAGE],
    ['step-address', 'address', 'Via del Corso ★', ADDRESS_TEXT_MESSAGE],
    ['step-address', 'city', 'Roma 😀', ADDRESS_TEXT_MESSAGE],
    ['step-document', 'document_issuer', 'Comune di Roma 😀', COMPANY_NAME_MESSAGE],
  ] as const)('%s refuses %s = %j with the message on the field', async (stepName, field, value, message) => {
    const hash = await newOrder();
    await step(hash, 'step-contact', PRIVATO_STEPS['step-contact']!);
    refusedOn(await step(hash, stepName, { ...PRIVATO_STEPS[stepName], [field]: value }), field, message);
  });

  it('refuses a shipping recipient with an emoji, when the goods go elsewhere', async () => {
    const hash = await newOrder();
    const elsewhere = {
      ...PRIVATO_STEPS['step-address'], shipping_same_as_activation: false, shipping_recipient: 'Anna 😀', shipping_address: 'Via Po',
      shipping_number: '3', shipping_city: 'Torino', shipping_zip: '10123', shipping_province: 'TO',
    };
    refusedOn(await step(hash, 'step-address', elsewhere), 'shipping_recipient', COMPANY_NAME_MESSAGE);
    const ok = await step(hash, 'step-address', { ...elsewhere, shipping_recipient: 'Bianchi & Figli S.r.l.' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it.each([
    // D’Angelo with a typographic apostrophe: DNG; Maria Grazia: MGR (F, 15/03/1985, Roma).
    ['Maria Grazia', 'D’Angelo', 'F', '15/03/1985', 'DNGMGR85C55H501Q'],
    ['Maria Grazia', "D'Angelo", 'F', '15/03/1985', 'DNGMGR85C55H501Q'],
    // Rossi-Bianchi: RSS; Luca: LCU (M, 02/07/1979, Roma).
    ['Luca', 'Rossi-Bianchi', 'M', '02/07/1979', 'RSSLCU79L02H501Z'],
    // Foreign Latin letters the CF reads: Ș → S, ü → U.
    ['Ștefan', 'Müller', 'M', '02/07/1979', 'MLLSFN79L02H501C'],
  ])('accepts %s %s with the codice fiscale of those letters, and keeps the name as typed', async (first, last, sex, birth, cf) => {
    const hash = await newOrder();
    const contact = await step(hash, 'step-contact', { ...PRIVATO_STEPS['step-contact'], first_name: first, last_name: last });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const personal = await step(hash, 'step-personal', {
      ...PRIVATO_STEPS['step-personal'], first_name: first, last_name: last, cf, sex, birth_date: birth,
    });
    expect(personal.status, JSON.stringify(personal.body)).toBe(200);
    const payment = await step(hash, 'step-payment', { ...PRIVATO_STEPS['step-payment'], sepa_first_name: first, sepa_last_name: last });
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    expect((await findOrderByHash(t.db, hash))!.fields).toMatchObject({ first_name: first, last_name: last, sepa_first_name: first, sepa_last_name: last });
  });

  describe('orders/new and update-order hold the names to the steps\' alphabets', () => {
    const HOSTILE: Array<[field: string, value: string, message: string]> = [
      ['first_name', 'Mario 😀', PERSON_NAME_MESSAGE],
      ['last_name', 'Ros\u001bsi', PERSON_NAME_MESSAGE],
      ['first_name', '=HYPERLINK("https://example.com","Mario")', PERSON_NAME_MESSAGE],
      ['last_name', '@SUM(1+1)', PERSON_NAME_MESSAGE],
      ['ragione_sociale', '+SUM(A1:A9)', COMPANY_NAME_MESSAGE],
      ['ragione_sociale', '-2+3', COMPANY_NAME_MESSAGE],
      ['sepa_company_name', 'Bianchi\u0007 S.r.l.', COMPANY_NAME_MESSAGE],
      ['residenza_indirizzo', '-Via Roma', ADDRESS_TEXT_MESSAGE],
      ['shipping_city', 'Roma \u2605', ADDRESS_TEXT_MESSAGE],
    ];
    const count = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    it.each(HOSTILE)('orders/new refuses %s = %j, naming the field, and stores nothing', async (field, value, message) => {
      const before = await count();
      const res = await injectCall(t.app, (c) => c.newOrder({ offer_id: 101, id_egon_civico: TEST_ADDRESS_ID, [field]: value }));
      refusedOn(res, field, message);
      expect(await count()).toBe(before);
    });

    it.each(HOSTILE)('update-order refuses %s = %j, naming the field, and changes nothing', async (field, value, message) => {
      const hash = await newOrder({ first_name: 'Mario' });
      const before = await t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
      refusedOn(await injectCall(t.app, (c) => c.updateOrder({ order_hash: hash }, { offer_id: 101, [field]: value })), field, message);
      expect(await t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow()).toEqual(before);
    });

    it('takes the names people type, trimmed as the steps trim them', async () => {
      const hash = await newOrder({ first_name: ' Maria Grazia ', last_name: 'D’Angelo', ragione_sociale: 'Bianchi & Figli S.r.l.', residenza_indirizzo: 'Via Sant’Andrea' });
      const res = await injectCall(t.app, (c) => c.updateOrder({ order_hash: hash }, { offer_id: 101, last_name: 'Rossi-Bianchi', shipping_city: 'Forlì' }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await findOrderByHash(t.db, hash))!.fields).toMatchObject({ first_name: 'Maria Grazia', last_name: 'Rossi-Bianchi', shipping_city: 'Forlì' });
    });
  });

  describe('the codice fiscale still tells a wrong name', () => {
    it('refuses D’Angelo with the codice fiscale of D’Amico', async () => {
      const hash = await newOrder();
      await step(hash, 'step-contact', { ...PRIVATO_STEPS['step-contact'], first_name: 'Maria Grazia', last_name: 'D’Amico' });
      const res = await step(hash, 'step-personal', {
        ...PRIVATO_STEPS['step-personal'], first_name: 'Maria Grazia', last_name: 'D’Angelo', cf: 'DMCMGR85C55H501F', sex: 'F', birth_date: '15/03/1985',
      });
      expect(res.status).toBe(422);
      expect(res.body.error!.fields).toHaveProperty(['cf']);
    });
  });
});
