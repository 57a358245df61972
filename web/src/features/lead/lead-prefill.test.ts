import { describe, expect, it } from 'vitest';
import { defaultFormFields, defaultPersistentState, leadSchema, type FormFields, type PersistentState } from '@checkout/contract';
import { buildLead, leadFormDefaults, linkCheckout, type LeadSource } from './lead-prefill';

const ORIGIN = 'https://checkout.example.it';
const HASH = 'abcdefghijklmnopqrstuvwx';

const source = (fields: Partial<FormFields> = {}, persistent: Partial<PersistentState> = {}, offer: LeadSource['offer'] = null): LeadSource => ({
  fields: { ...defaultFormFields(), ...fields },
  persistent: { ...defaultPersistentState(), ...persistent },
  offer,
});

const visitor = source(
  {
    first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.it', mobile_phone_number: '3331234567', phone_number: '061234567',
    city: 'Roma', zip_code: '00184', province: 'RM', address: 'Via Cavour', number: '10', id_comune: '058091',
    technology: 'FTTH', suggested_technology: 'FTTC', id_building: 'B1', id_egon_civico: '0580910000001', promo: 'ESTATE', provenienza: 'partner-x',
    privacy_consent: true,
  },
  { currentStep: 2, maxStep: 3, lastOfferId: 7, currentOrderData: { id: HASH, hash: HASH } },
  { id: 101, name: 'Fibra 2.5 Giga' },
);

describe('lead prefill', () => {
  it('fills the visible fields from what the visitor entered, but never the consent', () => {
    expect(leadFormDefaults(visitor)).toEqual({
      nome: 'Mario', cognome: 'Rossi', email: 'mario.rossi@example.it', numero_telefono: '3331234567',
      comune: 'Roma', cap: '00184', provincia: 'RM', indirizzo: 'Via Cavour', civico: '10', privacy: false,
    });
  });

  it('falls back to the landline and to empty fields', () => {
    expect(leadFormDefaults(source({ phone_number: '061234567' }))).toMatchObject({ nome: '', numero_telefono: '061234567', comune: '' });
  });

  it('builds the whole lead (SPEC §3) with the hidden context from the store', () => {
    const lead = buildLead({ ...leadFormDefaults(visitor), provincia: 'rm ' }, visitor, 'no-coverage', ORIGIN);
    expect(lead).toEqual({
      nome: 'Mario', cognome: 'Rossi', email: 'mario.rossi@example.it', numero_telefono: '3331234567',
      comune: 'Roma', cap: '00184', provincia: 'RM', indirizzo: 'Via Cavour', civico: '10',
      step: '2', request_type: 'no-coverage', offer_name: 'Fibra 2.5 Giga', comune_istat: '058091', servizio: 'FTTH',
      offer_id: 101, id_building: 'B1', id_egon_civico: '0580910000001', promo: 'ESTATE', order_id: HASH, provenienza: 'partner-x',
      linkCheckout: `${ORIGIN}/attiva/step-3`,
    });
    expect(leadSchema.safeParse(lead).success).toBe(true);
  });

  it.each([
    ['no reason', undefined, 'richiesta'],
    ['empty reason', '  ', 'richiesta'],
    ['address not found', 'address-not-found', 'address-not-found'],
  ])('request_type with %s', (_name, reason, expected) => {
    expect(buildLead(leadFormDefaults(visitor), visitor, reason, ORIGIN).request_type).toBe(expected);
  });

  it('a visitor who came straight to the page sends an empty context that the contract accepts', () => {
    const fresh = source();
    const lead = buildLead({ ...leadFormDefaults(fresh), nome: 'Anna', cognome: 'Bianchi', email: 'anna@example.it', numero_telefono: '3471234567' }, fresh, undefined, ORIGIN);
    expect(lead).toMatchObject({ offer_id: null, offer_name: '', order_id: '', servizio: '', step: '0', linkCheckout: `${ORIGIN}/attiva/verifica-copertura` });
    expect(leadSchema.safeParse(lead).success).toBe(true);
  });

  it('uses the last offer id when the offer itself is not kept', () => {
    expect(buildLead(leadFormDefaults(visitor), { ...visitor, offer: null }, undefined, ORIGIN)).toMatchObject({ offer_id: 7, offer_name: '' });
  });

  it.each([
    [0, '', `${ORIGIN}/attiva/verifica-copertura`],
    [0, 'ESTATE 24', `${ORIGIN}/attiva/verifica-copertura/ESTATE%2024`],
    [1, 'ESTATE', `${ORIGIN}/attiva/step-1`],
    [4, '', `${ORIGIN}/attiva/step-4`],
    [5, '', `${ORIGIN}/attiva/firma`],
  ])('linkCheckout at maxStep %i with promo %j', (maxStep, promo, expected) => {
    expect(linkCheckout(ORIGIN, { maxStep }, promo)).toBe(expected);
    expect(linkCheckout(`${ORIGIN}/`, { maxStep }, promo)).toBe(expected);
  });
});
