/** A private customer's five steps (CF RSSMRA80A01H501U = Mario Rossi, M, 01/01/1980, Roma RM). */
export const PRIVATO_STEPS: Readonly<Record<string, Record<string, unknown>>> = {
  'step-contact': {
    first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.it', mobile_phone_number: '+39 333 123 4567',
    privacy_consent: true, marketing_consent: false,
  },
  'step-personal': {
    cf: 'RSSMRA80A01H501U', sex: 'M', birth_date: '01/01/1980', birth_city: 'Roma', birth_province: 'RM', country: 'IT',
    nationality: 'italiana', residenza_indirizzo: 'Via del Corso', residenza_civico: '10', residenza_comune: 'Roma',
    residenza_cap: '00186', residenza_provincia: 'RM',
  },
  // The activation address is the order's (test-coverage.ts TEST_ACTIVATION): step-address may only repeat it.
  'step-address': { address: 'Via Roma', number: '1', city: 'Roma', zip_code: '00185', province: 'RM', shipping_same_as_activation: true },
  'step-payment': { sepa_first_name: 'Mario', sepa_last_name: 'Rossi', iban: 'IT60X0542811101000000123456' },
  'step-document': {
    document_type: 'carta_identita', document_number: 'CA12345AB', document_issue_date: '2020-06-15',
    document_expiry_date: '2035-06-15', document_issuer: 'Comune di Roma', document_issue_comune: 'Roma', document_issue_province: 'RM',
  },
};
