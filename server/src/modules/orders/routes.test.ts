import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddedOption } from '@checkout/contract';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, expectRefusal, settle } from '../../../test/support/inject-client';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import type { InjectClient, WireEnvelope } from '../../../test/support/inject-client';
import { catalogModule } from '../catalog';
import { createDocumentsModule } from '../documents';
import { createOrdersModule } from './routes';
import { seedRefererCodes } from './seed';
import { findOrderByHash, getOrderForSignature } from './service';
import { forceOrderStatus } from '../../../test/support/order-status-fixture';

const NOW = new Date('2026-03-01T10:00:00Z');

export const PRIVATO_STEPS = {
  'step-contact': {
    first_name: 'Mario', last_name: 'Rossi', email: ' Mario.Rossi@Example.it ', mobile_phone_number: '+39 333 123 4567',
    privacy_consent: true, marketing_consent: false,
  },
  'step-personal': {
    cf: 'rssmra80a01h501u', sex: 'M', birth_date: '01/01/1980', birth_city: 'Roma', birth_province: 'RM', country: 'IT',
    nationality: 'italiana', residenza_indirizzo: 'Via del Corso', residenza_civico: '10', residenza_comune: 'Roma',
    residenza_cap: '00186', residenza_provincia: 'RM',
  },
  // The order's activation address (Via Roma 1, test-coverage.ts), as step 3 repeats it.
  'step-address': {
    address: 'Via Roma', number: '1', city: 'Roma', zip_code: '00185', province: 'rm', shipping_same_as_activation: true,
    portability_phone: true, portability_operator: 'tim', portability_old_number: '06 1234567',
    portability_migration_code: 'TLC 0612345678 001 A', voip_activation_request: true,
  },
  'step-payment': { sepa_first_name: 'Mario', sepa_last_name: 'Rossi', iban: 'IT60 X054 2811 1010 0000 0123 456' },
  'step-document': {
    document_type: 'carta_identita', document_number: 'CA12345AB', document_issue_date: '2020-06-15',
    document_expiry_date: '2031-06-15', document_issuer: 'Comune di Roma', document_issue_comune: 'Roma', document_issue_province: 'RM',
  },
} as const;

const BUSINESS_PERSONAL = {
  ragione_sociale: 'Esempio S.r.l.', forma_giuridica: 'S.r.l.', partita_iva: 'IT 00743110157', company_tax_code: '00743110157',
  pec: 'esempio@pec.it', sdi: 'm5uxcr1', provincia_rea: 'MI', numero_rea: '1234567', ateco: '62.01',
  sede_legale_indirizzo: 'Via Dante', sede_legale_civico: '1', sede_legale_comune: 'Milano', sede_legale_cap: '20121', sede_legale_provincia: 'MI',
};

type NewOrder = Parameters<InjectClient['newOrder']>[0];

describeEachDialect('orders', (dialect) => {
  let t: TestApp;
  let api: InjectClient;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { coverage: true, modules: [catalogModule, createOrdersModule({ now: () => NOW }), createDocumentsModule({ now: () => NOW })] });
    await seedRefererCodes(t.db);
    api = createInjectClient(t.app);
  });
  afterAll(async () => t.close());

  /** One typed call, settled; a client of its own, so concurrent calls keep their own answers. */
  const call = <T>(make: (client: InjectClient) => Promise<T>) => {
    const client = createInjectClient(t.app);
    return settle(make(client), client);
  };
  /** A request as typed, byte for byte: for what the typed client would change or not let through. */
  const sendRaw = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { api_key: DEMO_PUBLIC_API_KEY, ...payload } });
    return { status: res.statusCode, body: res.json() as WireEnvelope };
  };
  // With a voice plan: the steps below keep a fixed number, which is ported only onto a voice line.
  const newOrder = async (payload: Partial<NewOrder> = {}): Promise<string> => {
    const { status, body } = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, options: [{ id: 10, category: 'voip', recurrent_cost: 0, cash_amount: 0 }], ...payload }));
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data!.hash as string;
  };
  const step = (hash: string, name: string, payload: Record<string, unknown>) => call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
  /** A step with its dates as the visitor typed them (dd/mm/yyyy): the client would convert them before the server sees them. */
  const stepAsTyped = (hash: string, name: string, payload: Record<string, unknown>) => sendRaw(`/api/orders/${hash}/${name}`, payload);

  describe('orders/new', () => {
    it('creates a draft order with an unguessable hash and no-store', async () => {
      const { status, body, headers } = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, first_name: 'Mario', is_brand_customer: true }));
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      const data = body.data as { id: string; hash: string; status: string };
      expect(data.status).toBe('draft');
      expect(data.hash).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(data.id).toBe(data.hash);
      const order = await findOrderByHash(t.db, data.hash);
      expect(order).toMatchObject({ offer_id: 101, customer_type: 'privato', is_brand_customer: true, status: 'draft' });
      expect(order!.fields.first_name).toBe('Mario');
      expect(order!.fields).not.toHaveProperty('attachments');
      expect(order!.fields).not.toHaveProperty('offer_id');
    });

    it('makes a different hash every time', async () => {
      const hashes = new Set(await Promise.all(Array.from({ length: 20 }, () => newOrder())));
      expect(hashes.size).toBe(20);
    });

    it('accepts a known referer code, in any case', async () => {
      const hash = await newOrder({ referer_code: ' amico2026 ' });
      expect((await findOrderByHash(t.db, hash))!.referer_code).toBe('AMICO2026');
    });

    it.each(['NONESISTE', 'SCADUTO2024'])('answers the referer-code error for %s and creates nothing', async (code) => {
      const before = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const { status, body } = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, referer_code: code }));
      expect(status).toBe(200);
      expect(body).toEqual({ result: true, data: { isRefererCodeError: true, error_message: 'Il codice amico inserito non è valido' } });
      const after = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('takes option prices from the catalogue and refuses unknown options', async () => {
      // The offer as the wire carries it: the stored prices are compared with these amounts.
      const offer = (await call((c) => c.getOffer({ offer_id: 101 }))).body.data as { options: Array<{ id: number; category: AddedOption['category']; recurrent_cost: number; cash_amount: number }> };
      const opt = offer.options.find((o) => !(o as unknown as { included: boolean }).included) ?? offer.options[0]!;
      const hash = await newOrder({ options: [{ id: opt.id, category: opt.category, recurrent_cost: 0, cash_amount: 0 }] });
      expect((await findOrderByHash(t.db, hash))!.fields.options).toEqual([
        { id: opt.id, category: opt.category, recurrent_cost: opt.recurrent_cost, cash_amount: opt.cash_amount },
      ]);
      const bad = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, options: [{ id: 9999, category: 'other', recurrent_cost: 0, cash_amount: 0 }] }));
      expect(bad.status).toBe(422);
      expect(bad.body.error!.fields).toHaveProperty(['options.9999']);
      expect(bad.body.error).toMatchObject({ rules: { 'options.9999': 'unknown_option' } });
    });

    it.each([
      ['unknown offer', { offer_id: 999 }, 'offer_id'],
      ['offer of the other customer type', { offer_id: 201, customer_type: 'privato' }, 'offer_id'],
      ['no offer', {}, 'offer_id'],
      ['bad email type', { offer_id: 101, email: 5 }, 'email'],
    ])('refuses %s with 422', async (_name, payload, field) => {
      // Sent raw: no offer and a number as email are bodies the typed client would not let through.
      const { status, body } = await sendRaw('/api/orders/new', payload);
      expect(status).toBe(422);
      expect(body.error!.code).toBe('validation_error');
      expect(body.error!.fields).toHaveProperty(field);
    });

    it('refuses a missing api key', async () => {
      const client = createInjectClient(t.app, { apiKey: null });
      const res = await expectRefusal(client.newOrder({ offer_id: 101 }), client);
      expect(res.status).toBe(401);
    });
  });

  describe('a wrong hash', () => {
    it.each(['AAAAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(99), '..%2F..%2Fetc'])('%s answers the same 404 everywhere', async (hash) => {
      // The client encodes the path parameter: the decoded hash gives the very URL the table names.
      const order_hash = decodeURIComponent(hash);
      const payload = { offer_id: 101, ...PRIVATO_STEPS['step-document'] };
      const calls = {
        'update-order': () => api.updateOrder({ order_hash }, payload),
        'step-contact': () => api.submitStep({ order_hash, step_name: 'step-contact' }, payload),
        'update-document-data': () => api.updateDocumentData({ order_hash }, payload),
      };
      for (const [url, send] of Object.entries(calls)) {
        const { status, body } = await settle(send(), api);
        expect(status, url).toBe(404);
        expect(body.error).toEqual({ code: 'not_found', message: 'Ordine non trovato', request_id: expect.any(String) });
      }
      expect(await findOrderByHash(t.db, hash)).toBeNull();
      await expect(getOrderForSignature(t.db, hash)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    });
  });

  describe('update-order', () => {
    it('applies only the keys sent and keeps the rest', async () => {
      const hash = await newOrder({ first_name: 'Mario', email: 'm@example.it' });
      const { status, body } = await call((c) => c.updateOrder({ order_hash: hash }, { offer_id: 102, first_name: 'Maria' }));
      expect(status).toBe(200);
      expect(body.data).toEqual({ id: hash, hash, short_hash: hash, order_number: expect.stringMatching(/^FV-\d{4}-[A-HJ-NP-Z2-9]{6}$/), status: 'draft' });
      const order = await findOrderByHash(t.db, hash);
      expect(order).toMatchObject({ offer_id: 102 });
      expect(order!.fields).toMatchObject({ first_name: 'Maria', email: 'm@example.it' });
    });

    it('refuses an unknown referer code with 422', async () => {
      const hash = await newOrder();
      const { status, body } = await call((c) => c.updateOrder({ order_hash: hash }, { offer_id: 101, referer_code: 'NONESISTE' }));
      expect(status).toBe(422);
      expect(body.error!.fields).toEqual({ referer_code: 'Il codice amico inserito non è valido' });
    });

    it('is refused once the order is signed', async () => {
      const hash = await newOrder();
      const order = await findOrderByHash(t.db, hash);
      await forceOrderStatus(t.db, order!.id, 'signed');
      const { status, body } = await call((c) => c.updateOrder({ order_hash: hash }, { offer_id: 101 }));
      expect(status).toBe(409);
      expect(body.error!.code).toBe('conflict');
      expect((await step(hash, 'step-contact', PRIVATO_STEPS['step-contact'])).status).toBe(409);
    });
  });

  describe('steps', () => {
    it('takes a privato through all five steps to ready_to_sign', async () => {
      const hash = await newOrder();
      const names = Object.keys(PRIVATO_STEPS) as Array<keyof typeof PRIVATO_STEPS>;
      for (const [i, name] of names.entries()) {
        // As typed: the stored birth_date below is the server's own reading of dd/mm/yyyy.
        const { status, body } = await stepAsTyped(hash, name, PRIVATO_STEPS[name]);
        expect(status, JSON.stringify(body)).toBe(200);
        expect(body.data!.status).toBe(i === names.length - 1 ? 'ready_to_sign' : 'in_progress');
      }
      const order = await getOrderForSignature(t.db, hash);
      expect(order.status).toBe('ready_to_sign');
      expect(order.fields).toMatchObject({
        email: 'mario.rossi@example.it', mobile_phone_number: '3331234567', cf: 'RSSMRA80A01H501U', birth_date: '1980-01-01',
        first_name: 'Mario', province: 'RM', portability_migration_code: 'TLC0612345678001A', portability_old_number: '061234567',
        iban: 'IT60X0542811101000000123456', document_type: 'carta_identita',
        // SPEC §3 telephone_request: the fixed number kept on the voice line, from step 3.
        telephone_request: { operator: 'tim', operator_name: expect.any(String), old_number: '061234567', migration_code: 'TLC0612345678001A' },
      });
      const full = await findOrderByHash(t.db, hash);
      expect(Object.keys(full!.step_data).sort()).toEqual([...names].sort());
    });

    it('leaves one result when a step is submitted twice', async () => {
      const hash = await newOrder();
      await step(hash, 'step-contact', PRIVATO_STEPS['step-contact']);
      const again = await step(hash, 'step-contact', { ...PRIVATO_STEPS['step-contact'], first_name: 'Marco' });
      expect(again.status).toBe(200);
      const order = await findOrderByHash(t.db, hash);
      const rows = await t.db.selectFrom('order_steps').selectAll().where('order_id', '=', order!.id).execute();
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.payload_json)).toMatchObject({ first_name: 'Marco' });
      expect(order!.fields.first_name).toBe('Marco');
    });

    it('answers 404 for an unknown step name', async () => {
      const hash = await newOrder();
      const { status, body } = await step(hash, 'step-unknown', {});
      expect(status).toBe(404);
      expect(body.error!.code).toBe('not_found');
    });

    it('keeps the previous valid result when a new submission is invalid', async () => {
      const hash = await newOrder();
      await step(hash, 'step-payment', PRIVATO_STEPS['step-payment']);
      const bad = await step(hash, 'step-payment', { ...PRIVATO_STEPS['step-payment'], iban: 'IT60Y0542811101000000123456' });
      expect(bad.status).toBe(422);
      expect((await findOrderByHash(t.db, hash))!.fields.iban).toBe('IT60X0542811101000000123456');
    });

    const contact = PRIVATO_STEPS['step-contact'];
    const personal = PRIVATO_STEPS['step-personal'];
    const address = PRIVATO_STEPS['step-address'];
    const doc = PRIVATO_STEPS['step-document'];
    it.each([
      ['contact: privacy not accepted', 'step-contact', { ...contact, privacy_consent: false }, 'privacy_consent'],
      ['contact: bad email', 'step-contact', { ...contact, email: 'mario@' }, 'email'],
      ['contact: landline as mobile', 'step-contact', { ...contact, mobile_phone_number: '06 1234567' }, 'mobile_phone_number'],
      ['contact: no last name', 'step-contact', { ...contact, last_name: '  ' }, 'last_name'],
      ['personal: cf check character', 'step-personal', { ...personal, cf: 'RSSMRA80A01H501V' }, 'cf'],
      ['personal: cf of another sex', 'step-personal', { ...personal, sex: 'F' }, 'sex'],
      ['personal: cf of another birth date', 'step-personal', { ...personal, birth_date: '1980-01-02' }, 'birth_date'],
      ['personal: cf of another place', 'step-personal', { ...personal, birth_city: 'Milano', birth_province: 'MI' }, 'birth_city'],
      ['personal: cf of another name', 'step-personal', { ...personal, first_name: 'Luigi' }, 'cf'],
      ['personal: cf of another first name, named on it', 'step-personal', { ...personal, first_name: 'Luigi' }, 'first_name'],
      ['personal: cf of another surname, named on it', 'step-personal', { ...personal, last_name: 'Bianchi' }, 'last_name'],
      ['personal: impossible date', 'step-personal', { ...personal, birth_date: '31/02/1980' }, 'birth_date'],
      ['personal: unknown province', 'step-personal', { ...personal, residenza_provincia: 'XX' }, 'residenza_provincia'],
      ['personal: bad cap', 'step-personal', { ...personal, residenza_cap: '0018' }, 'residenza_cap'],
      ['personal: no nationality', 'step-personal', { ...personal, nationality: '' }, 'nationality'],
      ['address: shipping elsewhere without address', 'step-address', { ...address, shipping_same_as_activation: false }, 'shipping_address'],
      ['address: migration code format', 'step-address', { ...address, portability_migration_code: 'ABC' }, 'portability_migration_code'],
      ['address: migration code service class', 'step-address', { ...address, portability_migration_code: 'TLC0612345678555A' }, 'portability_migration_code'],
      ['address: portability without operator', 'step-address', { ...address, portability_operator: '' }, 'portability_operator'],
      ['address: portability without old number', 'step-address', { ...address, portability_old_number: '' }, 'portability_old_number'],
      ['payment: IBAN checksum', 'step-payment', { ...PRIVATO_STEPS['step-payment'], iban: 'IT61X0542811101000000123456' }, 'iban'],
      ['payment: no holder', 'step-payment', { ...PRIVATO_STEPS['step-payment'], sepa_last_name: '' }, 'sepa_last_name'],
      ['document: type', 'step-document', { ...doc, document_type: 'tessera' }, 'document_type'],
      ['document: issued in the future', 'step-document', { ...doc, document_issue_date: '2026-03-02' }, 'document_issue_date'],
      ['document: expired', 'step-document', { ...doc, document_expiry_date: '2026-03-01' }, 'document_expiry_date'],
      ['document: no issuer', 'step-document', { ...doc, document_issuer: '' }, 'document_issuer'],
    ] as const)('refuses %s with 422 on the field', async (name, stepName, payload, field) => {
      const hash = await newOrder({ first_name: 'Mario', last_name: 'Rossi' });
      await step(hash, 'step-contact', contact);
      // The impossible date is the server's own dd/mm/yyyy reading: it goes as typed.
      const send = name === 'personal: impossible date' ? stepAsTyped : step;
      const { status, body } = await send(hash, stepName, payload);
      expect(status).toBe(422);
      expect(body.error!.code).toBe('validation_error');
      expect(body.error!.fields, JSON.stringify(body.error)).toHaveProperty([field]);
    });

    it('refuses a minor (18 years old tomorrow) and accepts an 18-year-old', async () => {
      // NOW is 2026-03-01: someone born 2008-03-02 is still 17.
      const hash = await newOrder();
      await step(hash, 'step-contact', { ...contact, first_name: 'Anna', last_name: 'Verdi' });
      const minor = { ...personal, cf: 'VRDNNA08C42H501G', sex: 'F', birth_date: '2008-03-02' };
      const res = await step(hash, 'step-personal', minor);
      expect(res.status).toBe(422);
      expect(res.body.error!.fields!.birth_date).toMatch(/maggiorenni/);
      const adult = { ...personal, cf: 'VRDNNA08C41H501B', sex: 'F', birth_date: '2008-03-01' };
      const ok = await step(hash, 'step-personal', adult);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    });
  });

  describe('step-portability', () => {
    const PORTABILITY = {
      portability_internet: true, portability_phone: true, portability_operator: 'vodafone',
      portability_old_number: '+39 02 7654321', portability_migration_code: 'VOD 0298765432 002 B',
    };

    it('amends the portability data of an order from anywhere, without counting as one of the five steps', async () => {
      const hash = await newOrder();
      const { status, body } = await step(hash, 'step-portability', PORTABILITY);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data!.status).toBe('draft');
      const order = await findOrderByHash(t.db, hash);
      expect(order!.fields).toMatchObject({
        portability_operator: 'vodafone', portability_old_number: '027654321', portability_migration_code: 'VOD0298765432002B',
      });
    });

    it('shows the portability data on file, so a later change starts from it', async () => {
      const hash = await newOrder();
      // The answer on the wire: toEqual checks its exact keys.
      const read = async () => (await call((c) => c.orderPortability({ order_hash: hash }))).body;
      expect((await read()).data).toMatchObject({ status: 'draft', portability_phone: false, portability_migration_code: '' });
      await step(hash, 'step-portability', PORTABILITY);
      expect((await read()).data).toEqual({
        status: 'draft', portability_internet: true, portability_phone: true, portability_operator: 'vodafone', portability_operator_name: '',
        portability_old_number: '027654321', portability_migration_code: 'VOD0298765432002B', has_voice_plan: true,
      });
      // Without a voice plan the page offers no fixed number to port: it says so from this answer.
      const noPlan = await newOrder({ options: [] });
      expect((await call((c) => c.orderPortability({ order_hash: noPlan }))).body.data).toMatchObject({ has_voice_plan: false });
    });

    it('overrides what step-address said, until step-address is sent again', async () => {
      const hash = await newOrder();
      await step(hash, 'step-address', PRIVATO_STEPS['step-address']);
      expect((await step(hash, 'step-portability', PORTABILITY)).status).toBe(200);
      expect((await findOrderByHash(t.db, hash))!.fields.portability_migration_code).toBe('VOD0298765432002B');
      expect((await step(hash, 'step-address', PRIVATO_STEPS['step-address'])).status).toBe(200);
      const order = await findOrderByHash(t.db, hash);
      expect(order!.fields.portability_migration_code).toBe('TLC0612345678001A');
      const rows = await t.db.selectFrom('order_steps').select('step_name').where('order_id', '=', order!.id).execute();
      expect(rows.map((r) => r.step_name)).toEqual(['step-address']);
    });

    it('checks the migration code and the old number as step-address does', async () => {
      const hash = await newOrder();
      const bad = await step(hash, 'step-portability', { ...PORTABILITY, portability_old_number: '333', portability_operator: '' });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.error!.fields!).sort()).toEqual(['portability_old_number', 'portability_operator']);
      const cos = await step(hash, 'step-portability', { ...PORTABILITY, portability_migration_code: 'TLC0612345678555A' });
      expect(cos.status).toBe(422);
      expect(cos.body.error!.fields!.portability_migration_code).toMatch(/non trasferibile/);
      expect((await findOrderByHash(t.db, hash))!.fields.portability_operator).toBe('');
    });

    it('is accepted on a signed order, which stays signed; refused on a cancelled one', async () => {
      const signed = await newOrder();
      await forceOrderStatus(t.db, (await findOrderByHash(t.db, signed))!.id, 'signed');
      const res = await step(signed, 'step-portability', PORTABILITY);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data!.status).toBe('signed');
      expect((await findOrderByHash(t.db, signed))!.status).toBe('signed');
      expect((await step(signed, 'step-address', PRIVATO_STEPS['step-address'])).status).toBe(409);

      const cancelled = await newOrder();
      await forceOrderStatus(t.db, (await findOrderByHash(t.db, cancelled))!.id, 'cancelled');
      expect((await step(cancelled, 'step-portability', PORTABILITY)).status).toBe(409);
    });
  });

  describe('business steps', () => {
    it('accepts valid business data', async () => {
      const hash = await newOrder({ offer_id: 201, customer_type: 'business', options: [] });
      const { status, body } = await step(hash, 'step-personal', BUSINESS_PERSONAL);
      expect(status, JSON.stringify(body)).toBe(200);
      expect((await findOrderByHash(t.db, hash))!.fields).toMatchObject({ partita_iva: '00743110157', sdi: 'M5UXCR1' });
    });

    it("accepts SDI 0000000 with a PEC", async () => {
      const hash = await newOrder({ offer_id: 201, customer_type: 'business', options: [] });
      expect((await step(hash, 'step-personal', { ...BUSINESS_PERSONAL, sdi: '0000000' })).status).toBe(200);
    });

    it.each([
      ['P.IVA check digit', { partita_iva: '00743110158' }, 'partita_iva'],
      ['P.IVA office code', { partita_iva: '00743115001' }, 'partita_iva'],
      ['P.IVA length', { partita_iva: '0074311015' }, 'partita_iva'],
      ['company tax code', { company_tax_code: '12345' }, 'company_tax_code'],
      ['company tax code check', { company_tax_code: '00743110158' }, 'company_tax_code'],
      ['PEC', { pec: 'non-una-pec' }, 'pec'],
      ['SDI length', { sdi: 'ABC12' }, 'sdi'],
      ['SDI 0000000 without PEC', { sdi: '0000000', pec: '' }, 'sdi'],
      ['REA province', { provincia_rea: 'ZZ' }, 'provincia_rea'],
      ['REA number', { numero_rea: 'MI-12' }, 'numero_rea'],
      ['legal seat cap', { sede_legale_cap: 'abcde' }, 'sede_legale_cap'],
      ['no ragione sociale', { ragione_sociale: '' }, 'ragione_sociale'],
    ])('refuses %s', async (_name, patch, field) => {
      const hash = await newOrder({ offer_id: 201, customer_type: 'business', options: [] });
      const { status, body } = await step(hash, 'step-personal', { ...BUSINESS_PERSONAL, ...patch });
      expect(status).toBe(422);
      expect(body.error!.fields, JSON.stringify(body.error)).toHaveProperty([field]);
    });

    it('checks step-personal by the order customer type (privato data on a business order is refused)', async () => {
      const hash = await newOrder({ offer_id: 201, customer_type: 'business', options: [] });
      const { status } = await step(hash, 'step-personal', PRIVATO_STEPS['step-personal']);
      expect(status).toBe(422);
    });

    it('drops step-personal when update-order changes the customer type', async () => {
      const hash = await newOrder();
      for (const name of Object.keys(PRIVATO_STEPS) as Array<keyof typeof PRIVATO_STEPS>) await step(hash, name, PRIVATO_STEPS[name]);
      const { body } = await call((c) => c.updateOrder({ order_hash: hash }, { offer_id: 201, customer_type: 'business', options: [] }));
      expect(body.data!.status).toBe('in_progress');
      const after = await step(hash, 'step-personal', BUSINESS_PERSONAL);
      expect(after.body.data!.status).toBe('ready_to_sign');
    });
  });

  describe('update-document-data', () => {
    it('stores the document data as the step-document result', async () => {
      const hash = await newOrder();
      const { status, body } = await call((c) => c.updateDocumentData({ order_hash: hash }, { ...PRIVATO_STEPS['step-document'], document_type: 'passaporto' }));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data!.status).toBe('in_progress');
      expect((await findOrderByHash(t.db, hash))!.fields.document_type).toBe('passaporto');
    });

    it('refuses an expired document and an unknown type', async () => {
      const hash = await newOrder();
      const expired = await call((c) => c.updateDocumentData({ order_hash: hash }, { ...PRIVATO_STEPS['step-document'], document_expiry_date: '2025-01-01' }));
      expect(expired.status).toBe(422);
      expect(expired.body.error!.fields).toHaveProperty('document_expiry_date');
      const type = await call((c) => c.updateDocumentData({ order_hash: hash }, { ...PRIVATO_STEPS['step-document'], document_type: 'CI' }));
      expect(type.status).toBe(422);
      expect(type.body.error!.fields).toHaveProperty('document_type');
    });
  });
});
