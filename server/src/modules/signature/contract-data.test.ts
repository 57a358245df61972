import { describe, expect, it } from 'vitest';
import { customerRows, portabilityRows, sepaDebtor, sepaScheme } from './contract-data';

describe('contract data', () => {
  it('prints step 3\'s one answer: a kept number is the ported one, never "a new number" beside it', () => {
    expect(portabilityRows({
      voip_activation_request: true, voip_old_phone_number: '',
      portability_phone: true, portability_internet: false, portability_operator: 'tim', portability_operator_name: 'TIM',
      portability_old_number: '061234567', portability_migration_code: 'TIM1234567890123ABC',
    })).toEqual([
      ['Linea voce', 'attivazione mantenendo il numero attuale 061234567'],
      ['Portabilità richiesta', 'numero di telefono fisso'],
      ['Operatore attuale', 'TIM'],
      ['Numero da portare', '061234567'],
      ['Codice di migrazione', 'TIM1234567890123ABC'],
    ]);
    expect(portabilityRows({ voip_activation_request: false, portability_phone: false, portability_internet: false })).toEqual([]);
    // A new number: no other number is printed, whatever an old field still holds.
    expect(portabilityRows({ voip_activation_request: true, voip_old_phone_number: '069999999', portability_phone: false, portability_internet: false }))
      .toEqual([['Linea voce', 'attivazione di un nuovo numero']]);
    // No voice plan: no number is ported onto nothing.
    expect(portabilityRows({ voip_activation_request: false, portability_phone: true, portability_old_number: '061234567', portability_internet: false })).toEqual([]);
  });

  it('names the place of issue once: "Comune di Roma", not "Comune di Roma di Roma"', () => {
    const row = (issuer: string) => customerRows('privato', {
      document_type: 'carta_identita', document_number: 'CA12345AB', document_issuer: issuer, document_issue_comune: 'Roma',
    }, '').find(([label]) => label === 'Documento')?.[1];
    expect(row('Comune di Roma')).toBe("Carta d'identità n. CA12345AB rilasciato da Comune di Roma");
    expect(row('Comune')).toBe("Carta d'identità n. CA12345AB rilasciato da Comune di Roma");
  });
});

describe('the SEPA scheme', () => {
  it('is B2B only for a business paying from the company\'s account', () => {
    expect(sepaScheme('business', { sepa_holder_type: 'company' })).toBe('B2B');
    expect(sepaScheme('business', { sepa_holder_type: 'person' })).toBe('CORE');
    expect(sepaScheme('privato', { sepa_holder_type: 'company' })).toBe('CORE');
    expect(sepaScheme('privato', {})).toBe('CORE');
  });
});

describe('the SEPA debtor', () => {
  it('is the company with its own tax code when it holds the account', () => {
    expect(sepaDebtor('business', {
      first_name: 'Aurelio', last_name: 'Bianchi', partita_iva: '00743110157',
      sepa_holder_type: 'company', sepa_company_name: 'Studio Tecnico Aurelio S.r.l.', sepa_tax_code: '00743110157',
    })).toEqual({ name: 'Studio Tecnico Aurelio S.r.l.', taxCode: '00743110157' });
  });

  it('is a person with their own codice fiscale, never with the company\'s P.IVA', () => {
    expect(sepaDebtor('business', {
      partita_iva: '00743110157', sepa_holder_type: 'person', sepa_first_name: 'Aurelio', sepa_last_name: 'Bianchi', sepa_tax_code: '',
    })).toEqual({ name: 'Aurelio Bianchi', taxCode: '' });
    expect(sepaDebtor('privato', { first_name: 'Mario', last_name: 'Rossi', cf: 'RSSMRA80A01H501U', sepa_first_name: 'Mario', sepa_last_name: 'Rossi' }))
      .toEqual({ name: 'Mario Rossi', taxCode: 'RSSMRA80A01H501U' });
  });
});
