import { isValidCfChecksum } from '../italian/codice-fiscale';
import { validatePartitaIva } from '../italian/partita-iva';
import type { CustomerType } from '../constants';
import type { StepPayment } from '../schemas/order-steps';

/*
 * Who may hold the account a mandate debits. A private customer pays from a person's account. A
 * business customer names either the company (its ragione sociale and codice fiscale / partita IVA) or
 * the person who signs the mandate, identified by their own codice fiscale: never a person's name with
 * the company's tax code, which identifies nobody.
 */

type Holder = Pick<StepPayment, 'sepa_holder_type' | 'sepa_tax_code'>;

/** Field → Italian message for what the step schema cannot judge without the customer type; empty when valid. */
export function sepaHolderProblems(v: Holder, customerType: CustomerType): Record<string, string> {
  const code = v.sepa_tax_code;
  if (v.sepa_holder_type === 'company') {
    if (customerType !== 'business') return { sepa_holder_type: 'Per un cliente privato il conto è intestato a una persona.' };
    if (/^\d{11}$/.test(code) && !validatePartitaIva(code).valid) return { sepa_tax_code: 'Codice fiscale o partita IVA dell’azienda non valido.' };
    if (code.length === 16 && !isValidCfChecksum(code)) return { sepa_tax_code: 'Codice fiscale non valido.' };
    return {};
  }
  if (customerType === 'business' && code === '') return { sepa_tax_code: 'Indicare il codice fiscale di chi firma il mandato.' };
  if (code !== '' && (code.length !== 16 || !isValidCfChecksum(code))) return { sepa_tax_code: 'Codice fiscale non valido.' };
  return {};
}
