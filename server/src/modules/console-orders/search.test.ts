import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { signInOperator } from '../../../test/support/console-session';
import type { SignedInTestOperator } from '../../../test/support/console-session';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { TEST_ADDRESS_ID, TEST_ACTIVATION, demoAddressId } from '../../../test/support/test-coverage';
import { catalogModule } from '../catalog';
import { consoleAuthModule } from '../console-auth';
import { createOrdersModule } from '../orders';
import { createConsoleOrdersModule } from './routes';

/*
 * The list's search box finds people as an operator types them: a name or a company whatever the case,
 * the accents or the kind of apostrophe, a street without its `via`, a phone in any spacing, an email,
 * a codice fiscale, an order number, an IBAN or its last digits. Orders are made through the checkout's
 * calls, so the search columns are the ones its write path stores.
 */

const NOW = new Date('2026-03-02T09:00:00Z');

/** Maria Grazia D’Angelo (typographic apostrophe), at Via Roma 1, paying from her own IBAN. */
const D_ANGELO = {
  'step-contact': {
    first_name: 'Maria Grazia', last_name: 'D’Angelo', email: 'mg.dangelo@example.it', mobile_phone_number: '+39 347 555 0101', privacy_consent: true,
  },
  'step-personal': { ...PRIVATO_STEPS['step-personal'], first_name: 'Maria Grazia', last_name: 'D’Angelo', cf: 'DNGMGR85C55H501Q', sex: 'F', birth_date: '15/03/1985' },
  'step-address': { ...PRIVATO_STEPS['step-address'], ...TEST_ACTIVATION },
  'step-payment': { sepa_first_name: 'Maria Grazia', sepa_last_name: 'D’Angelo', iban: 'IT04I0542811101000000987654' },
};

const COMPANY_PERSONAL = {
  ragione_sociale: 'L’Officina dell’Acqua S.r.l.', forma_giuridica: 'S.r.l.', partita_iva: 'IT 00743110157', company_tax_code: '00743110157',
  pec: 'officina@pec.it', sdi: 'm5uxcr1', provincia_rea: 'MI', numero_rea: '1234567', ateco: '62.01',
  sede_legale_indirizzo: 'Via Dante', sede_legale_civico: '1', sede_legale_comune: 'Milano', sede_legale_cap: '20121', sede_legale_provincia: 'MI',
};

describeEachDialect('console orders: the search finds people', (dialect) => {
  let t: TestApp;
  let back: SignedInTestOperator;
  let ip = 0;
  const call = <T>(make: (c: InjectClient) => Promise<T>) =>
    injectCall(t.app, make, { remoteAddress: `10.9.0.${(++ip % 250) + 1}`, headers: { 'user-agent': 'vitest' } });

  async function order(newOrder: { offer_id: number; customer_type?: 'privato' | 'business'; id_egon_civico?: string }, steps: Record<string, Record<string, unknown>>): Promise<string> {
    const res = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, ...newOrder }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hash = (res.body.data as { hash: string }).hash;
    for (const [name, payload] of Object.entries(steps)) {
      const step = await call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
      expect(step.status, `${name}: ${JSON.stringify(step.body)}`).toBe(200);
    }
    return (await t.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id;
  }

  // A: Maria Grazia D’Angelo and C, a company with apostrophes in its name, at Via Roma 1. R: Mario Rossi, at Via Roma 2.
  let idA: string; let idR: string; let idC: string;
  let numberA: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true, now: () => NOW,
      modules: [catalogModule, createOrdersModule({ now: () => NOW }), consoleAuthModule, createConsoleOrdersModule()],
    });
    back = await signInOperator(t.app, t.db, 'backoffice', { now: () => NOW });
    idA = await order({ offer_id: 101 }, D_ANGELO);
    idR = await order({ offer_id: 101, id_egon_civico: demoAddressId(2) }, {
      'step-contact': PRIVATO_STEPS['step-contact']!, 'step-personal': PRIVATO_STEPS['step-personal']!, 'step-payment': PRIVATO_STEPS['step-payment']!,
    });
    idC = await order({ offer_id: 201, customer_type: 'business' }, {
      'step-contact': { first_name: 'Anna', last_name: 'Verdi', email: 'anna@officina.example.it', mobile_phone_number: '320 111 2222', privacy_consent: true },
      'step-personal': COMPANY_PERSONAL,
      'step-address': { ...PRIVATO_STEPS['step-address'], ...TEST_ACTIVATION },
    });
    numberA = (await t.db.selectFrom('orders').select('order_number').where('id', '=', idA).executeTakeFirstOrThrow()).order_number;
  });
  afterAll(async () => t.close());

  const found = async (q: string): Promise<string[]> => (await back.client.listOrders({ q })).items.map((i) => i.id).sort();

  it.each([
    'dangelo', "D'Angelo", 'D’Angelo', 'd‘angelo', 'DANGELO', 'D`Angelo', 'dangelo maria', "d'angelo maria grazia", 'Maria Grazia D’Ang', 'maria grazia dangelo',
  ])('finds the D’Angelo order by %j', async (q) => {
    expect(await found(q)).toEqual([idA]);
  });

  it.each([
    ['a company, by its name however its apostrophes are typed', ["L'Officina", 'l’officina dell’acqua', 'lofficina dellacqua srl', "L'OFFICINA DELL'ACQUA S.R.L."], 'C'],
    ['a company, by its contact person', ['anna verdi', 'Anna Ver'], 'C'],
    ['a street, with or without its type word', ['Via Roma 1', 'roma 1', 'v. Roma 1', 'piazza roma 1'], 'A+C'],
    ['another street number', ['Via Roma 2', 'roma 2'], 'R'],
    ['a street\'s name alone', ['via roma', 'ROMA'], 'A+C+R'],
    ['a phone in any spacing', ['347 555 0101', '+39 3475550101', '347-555-01', '(347) 555'], 'A'],
    ['an email, whole or its start', ['mg.dangelo@example.it', 'MG.DANGELO@', 'mg.dangelo'], 'A'],
    ['a codice fiscale, in any case', ['dngmgr85c55h501q', 'DNGMGR85C55H501Q'], 'A'],
    ['the last digits of an IBAN', ['987654', '7654', '0000 0987 654'], 'A'],
    ['another IBAN\'s last digits', ['123456'], 'R'],
    ['a whole IBAN, with or without spaces', ['IT04I0542811101000000987654', 'it04 i054 2811 1010 0000 0987 654'], 'A'],
  ] as const)('finds %s', async (_what, queries, who) => {
    const expected = { A: [idA], R: [idR], C: [idC], 'A+C': [idA, idC].sort(), 'A+C+R': [idA, idC, idR].sort() }[who];
    for (const q of queries) expect(await found(q), q).toEqual(expected);
  });

  it('finds an order by its number, in any case', async () => {
    expect(await found(numberA.toLowerCase())).toEqual([idA]);
    expect(await found(numberA)).toEqual([idA]);
  });

  it('says how many identity documents each order has on file (none here), so the list never shows an empty cell', async () => {
    const page = await back.client.listOrders({ q: 'dangelo' });
    expect(page.items.map((i) => [i.documents_to_review, i.identity_documents])).toEqual([[false, 0]]);
  });

  it.each(['angelo', 'dangeli', 'via roma 3', 'piazza garibaldi', '55550101', 'IT04I0542811101000000987650', 'nessuno'])('finds nothing for %j', async (q) => {
    expect(await found(q)).toEqual([]);
  });
});
