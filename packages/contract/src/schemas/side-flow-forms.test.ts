import { describe, expect, it } from 'vitest';
import { endpoints } from '../api/endpoints';
import { leadSchema } from './lead';
import { stepPortabilitySchema } from './order-steps';
import { leadFormSchema, mnpCorrectionFormSchema, portabilityFormSchema, simActivationFormSchema } from './side-flow-forms';

const keys = (shape: object) => Object.keys(shape).sort();
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('side-flow forms derive from the request they send', () => {
  it('have the request\'s field names (the lead form: the visible ones, and its privacy box)', () => {
    expect(keys(simActivationFormSchema.shape)).toEqual(keys(endpoints.activateMobileOrder.request.shape));
    expect(keys(mnpCorrectionFormSchema.shape)).toEqual(keys(endpoints.correctMobileMnpOrder.request.shape));
    expect(keys(portabilityFormSchema.shape)).toEqual(keys(stepPortabilitySchema.shape));
    const leadKeys = keys(leadSchema.shape);
    expect(keys(leadFormSchema.shape).filter((k) => k !== 'privacy').every((k) => leadKeys.includes(k))).toBe(true);
  });

  it('say what is wrong in Italian, next to the field', () => {
    expect(messages(simActivationFormSchema.safeParse({ order_number: ' ', iccid_last5: '12a' }))).toEqual({
      order_number: 'Inserisci il numero d’ordine.', iccid_last5: 'Inserisci esattamente 5 cifre.',
    });
    expect(messages(portabilityFormSchema.safeParse({
      portability_internet: false, portability_phone: false, portability_operator: '', portability_operator_name: '', portability_old_number: '', portability_migration_code: 'X',
    }))).toMatchObject({ portability_operator: 'Scegli il tuo operatore attuale.', portability_migration_code: 'Codice di migrazione non valido', portability_internet: 'Scegli almeno un servizio da trasferire.' });
    expect(messages(leadFormSchema.safeParse({ nome: '', cognome: 'R', email: 'x', numero_telefono: '3331234567', comune: '', cap: '1', provincia: '', indirizzo: '', civico: '', privacy: false })))
      .toEqual({ nome: 'Campo obbligatorio.', email: 'Indirizzo email non valido.', cap: 'Il CAP è composto da 5 cifre.', privacy: "Per procedere occorre accettare l'informativa sulla privacy." });
  });

  it('a corrected porting compacts what people copy, then meets the request schema', () => {
    const form = mnpCorrectionFormSchema.parse({
      donor_operator: 'TIM', number_to_port: '347 123-4567', old_iccid: '8939 0100 0000 0000 000', holder_first_name: 'Maria', holder_last_name: 'Rossi', holder_cf: 'rssmra80a41h501x',
    });
    expect(form).toMatchObject({ number_to_port: '3471234567', old_iccid: '8939010000000000000', holder_cf: 'RSSMRA80A41H501X' });
    expect(endpoints.correctMobileMnpOrder.request.safeParse(form).success).toBe(true);
  });
});
