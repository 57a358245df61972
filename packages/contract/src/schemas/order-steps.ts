import { z } from 'zod';
import type { CustomerType } from '../constants';
import { toIsoDate, toItalianDate } from '../rules/date-conversion';
import {
  ADDRESS_TEXT_MESSAGE, ADDRESS_TEXT_PATTERN, COMPANY_NAME_MESSAGE, COMPANY_NAME_PATTERN, PERSON_NAME_MESSAGE, PERSON_NAME_PATTERN,
} from '../italian/person-name';

/*
 * The five named steps of an order (`/api/orders/{order_hash}/{step_name}`, docs/orders.md).
 * Each schema checks the *form* of its fields and normalises them (trim, upper-case, yyyy-mm-dd);
 * the web forms reuse them. What needs data or a clock (codice fiscale against the person, P.IVA check
 * digit, IBAN CIN, migration code, adult age, document dates) is checked again by the server.
 */

export const ORDER_STEP_NAMES = ['step-contact', 'step-personal', 'step-address', 'step-payment', 'step-document'] as const;
/**
 * Steps that amend an order without being one of the five it needs before signing. `step-portability`
 * carries the portability data given later (the `/dati-portabilita` page, from any device), so it is
 * accepted on a signed order too: operators usually ask for the migration code after the signature.
 */
export const AMENDMENT_STEP_NAMES = ['step-portability'] as const;
/** Every step name the API accepts; merged in this order, so a later step wins a shared key. */
export const SUBMITTABLE_STEP_NAMES = [...ORDER_STEP_NAMES, ...AMENDMENT_STEP_NAMES] as const;
export type OrderStepName = (typeof SUBMITTABLE_STEP_NAMES)[number];
export const isOrderStepName = (s: string): s is OrderStepName => (SUBMITTABLE_STEP_NAMES as readonly string[]).includes(s);

export const DOCUMENT_TYPES = ['carta_identita', 'patente', 'passaporto'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** The identity document's type in words: the console's order page and the signed contract print these. */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = { carta_identita: "Carta d'identità", patente: 'Patente di guida', passaporto: 'Passaporto' };

const REQUIRED = 'Campo obbligatorio.';
/*
 * What the contract prints is typed in one of three alphabets (italian/person-name.ts): a person's name,
 * a company's name, or place text (streets, house numbers, comuni). `.regex` rather than `.refine`, so the
 * hostile-input generator can read the pattern back; the patterns accept '' and leave "required" to min(1).
 */
type Text = z.ZodString;
const anyText = (s: Text) => s;
const personName = (s: Text) => s.regex(PERSON_NAME_PATTERN, PERSON_NAME_MESSAGE);
const companyName = (s: Text) => s.regex(COMPANY_NAME_PATTERN, COMPANY_NAME_MESSAGE);
const placeText = (s: Text) => s.regex(ADDRESS_TEXT_PATTERN, ADDRESS_TEXT_MESSAGE);
const required = (max: number, alphabet = anyText) => alphabet(z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Inserire al massimo ${max} caratteri.`));
const optional = (max: number, alphabet = anyText) => alphabet(z.string().trim().max(max, `Inserire al massimo ${max} caratteri.`)).default('');
/*
 * Every string has a maximum (request-bounds.test.ts). Where a schema strips separators before checking
 * (codice fiscale, IBAN, P.IVA, phone numbers…) the maximum is on what the visitor typed, so it leaves room
 * for the spaces, dashes and dots the transform removes; the check after the transform keeps the exact length.
 */
const flag = z.boolean({ error: 'Valore non valido.' }).default(false);
const compact = (s: string): string => s.replace(/\s+/g, '').toUpperCase();

/** Italian province sigla (`RM`); the server also checks it exists. */
export const provinceSiglaSchema = z.string({ error: REQUIRED }).trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Indicare la sigla della provincia (2 lettere).').max(2, 'Indicare la sigla della provincia (2 lettere).');
const optionalProvince = z.string().trim().toUpperCase().regex(/^([A-Z]{2})?$/, 'Indicare la sigla della provincia (2 lettere).').max(2, 'Indicare la sigla della provincia (2 lettere).').default('');
export const capSchema = z.string({ error: REQUIRED }).trim().regex(/^\d{5}$/, 'Il CAP è composto da 5 cifre.').max(5, 'Il CAP è composto da 5 cifre.');
const emailSchema = z.string({ error: REQUIRED }).trim().toLowerCase().min(1, REQUIRED).max(254, 'Inserire al massimo 254 caratteri.').pipe(z.email('Indirizzo email non valido.').max(254));

/** `dd/mm/yyyy` or `yyyy-mm-dd` → `yyyy-mm-dd` of a day that exists. */
export const isoDateSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(10, 'Data non valida: usare il formato gg/mm/aaaa.')
  .transform(toIsoDate)
  .superRefine((iso, ctx) => {
    if (isRealIsoDate(iso)) return;
    // The right shape for a day the calendar lacks (31/02/2030) is not a format error: say the day does not exist.
    ctx.addIssue({ code: 'custom', message: noSuchDay(iso) ? `La data ${toItalianDate(iso)} non esiste.` : 'Data non valida: usare il formato gg/mm/aaaa.' });
  });

/** A yyyy-mm-dd the calendar lacks: 31/02, 29/02 of a common year, 31/04, month 13, day 00. */
function noSuchDay(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return !(date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d);
}

export function isRealIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Italian mobile number: `+39 333 123 4567`, `0039…`, `3331234567` → `3331234567`. */
export const normaliseMobileNumber = (s: string): string => s.replace(/[\s\-./()]/g, '').replace(/^(\+|00)39(?=3)/, '');
export const mobilePhoneSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(20, 'Inserire un numero di cellulare italiano valido (es. 333 1234567).')
  .transform(normaliseMobileNumber)
  .refine((s) => /^3\d{8,9}$/.test(s), 'Inserire un numero di cellulare italiano valido (es. 333 1234567).');

/** Whole years between a yyyy-mm-dd birth date and a yyyy-mm-dd day. */
export function ageOn(birthIso: string, todayIso: string): number {
  const [by, bm, bd] = birthIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const ADULT_AGE = 18;

/** Document dates against today (all yyyy-mm-dd): field → message, empty when fine. */
export function documentDateProblems(issueIso: string, expiryIso: string, todayIso: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (issueIso > todayIso) problems.document_issue_date = 'La data di rilascio deve essere nel passato.';
  if (expiryIso <= todayIso) problems.document_expiry_date = 'Il documento è scaduto: la data di scadenza deve essere nel futuro.';
  else if (expiryIso <= issueIso) problems.document_expiry_date = 'La data di scadenza deve seguire quella di rilascio.';
  return problems;
}

// ---- step-contact -------------------------------------------------------------------------

export const stepContactSchema = z.object({
  first_name: required(60, personName),
  last_name: required(60, personName),
  email: emailSchema,
  mobile_phone_number: mobilePhoneSchema,
  phone_number: z.string().trim().max(20, 'Numero di telefono non valido.').transform((s) => s.replace(/[\s\-./()]/g, '')).refine((s) => /^(\+?\d{6,13})?$/.test(s), 'Numero di telefono non valido.').default(''),
  privacy_consent: z.literal(true, { error: "Per procedere occorre accettare l'informativa sulla privacy." }),
  /** Separate from privacy and never pre-ticked (the form's default is false). */
  marketing_consent: flag,
  profiling_consent: flag,
  third_party_consent: flag,
  recall: flag,
});

// ---- step-personal ------------------------------------------------------------------------

const PERSONAL_CF = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
export const personalCfSchema = z.string({ error: REQUIRED }).max(24, 'Codice fiscale non valido.').transform(compact).refine((s) => PERSONAL_CF.test(s), 'Codice fiscale non valido.');

const bornInItaly = (country: string): boolean => ['', 'IT', 'ITA', 'ITALIA', 'ITALY'].includes(country.trim().toUpperCase());

export const stepPersonalPrivatoSchema = z
  .object({
    /** Optional here (step-contact has them); when given they are checked against the codice fiscale. */
    first_name: optional(60, personName),
    last_name: optional(60, personName),
    cf: personalCfSchema,
    sex: z.enum(['M', 'F'], { error: 'Indicare il sesso.' }),
    birth_date: isoDateSchema,
    birth_city: optional(120, placeText),
    birth_province: optionalProvince,
    /** Country of birth: empty or IT for Italy, otherwise an ISO code or the Italian name. */
    country: optional(60, placeText),
    nationality: required(60, placeText),
    residenza_indirizzo: required(150, placeText),
    residenza_civico: required(10, placeText),
    residenza_comune: required(120, placeText),
    residenza_cap: capSchema,
    residenza_provincia: provinceSiglaSchema,
    residenza_nazione: z.string().trim().max(60).default('IT'),
  })
  .superRefine((v, ctx) => {
    if (bornInItaly(v.country)) {
      if (!v.birth_city) ctx.addIssue({ code: 'custom', path: ['birth_city'], message: 'Indicare il comune di nascita.' });
      if (!v.birth_province) ctx.addIssue({ code: 'custom', path: ['birth_province'], message: 'Indicare la provincia di nascita.' });
    }
  });

export const partitaIvaShapeSchema = z
  .string({ error: REQUIRED })
  .max(20, 'La partita IVA è composta da 11 cifre.')
  .transform((s) => compact(s).replace(/^IT/, ''))
  .refine((s) => /^\d{11}$/.test(s), 'La partita IVA è composta da 11 cifre.');

export const SDI_WITH_PEC = '0000000';

export const stepPersonalBusinessSchema = z
  .object({
    ragione_sociale: required(200, companyName),
    forma_giuridica: required(60, companyName),
    tipo_impresa: optional(60, companyName),
    partita_iva: partitaIvaShapeSchema,
    company_tax_code: z
      .string({ error: REQUIRED })
      .max(24, "Codice fiscale dell'azienda non valido: 11 cifre oppure 16 caratteri.")
      .transform(compact)
      .refine((s) => /^(\d{11}|[A-Z0-9]{16})$/.test(s), "Codice fiscale dell'azienda non valido: 11 cifre oppure 16 caratteri."),
    pec: z.string().trim().toLowerCase().max(254, 'Inserire al massimo 254 caratteri.').pipe(z.union([z.literal(''), z.email('Indirizzo PEC non valido.').max(254)])).default(''),
    sdi: z.string({ error: REQUIRED }).max(10, 'Il codice SDI è composto da 7 lettere o cifre.').transform(compact).refine((s) => /^[A-Z0-9]{7}$/.test(s), 'Il codice SDI è composto da 7 lettere o cifre.'),
    provincia_rea: provinceSiglaSchema,
    numero_rea: z.string({ error: REQUIRED }).max(20, 'Il numero REA è composto da sole cifre.').transform(compact).refine((s) => /^\d{1,10}$/.test(s), 'Il numero REA è composto da sole cifre.'),
    anno_rea: z.string().trim().regex(/^(\d{4})?$/, 'Anno non valido.').max(4, 'Anno non valido.').default(''),
    nome_albo: optional(120, companyName),
    provincia_albo: optionalProvince,
    ateco: required(200),
    sede_legale_indirizzo: required(150, placeText),
    sede_legale_civico: required(10, placeText),
    sede_legale_comune: required(120, placeText),
    sede_legale_cap: capSchema,
    sede_legale_provincia: provinceSiglaSchema,
  })
  .superRefine((v, ctx) => {
    if (v.sdi === SDI_WITH_PEC && !v.pec) {
      ctx.addIssue({ code: 'custom', path: ['sdi'], message: 'Il codice SDI 0000000 si può usare solo indicando una PEC.' });
    }
  });

// ---- step-address -------------------------------------------------------------------------

const landline = (s: string): string => s.replace(/[\s\-./()]/g, '').replace(/^(\+|00)39(?=0)/, '');

/** The portability fields (step-address and step-portability share them). */
const portabilityFields = {
  portability_phone: flag,
  portability_internet: flag,
  portability_operator: optional(60),
  portability_operator_name: optional(120, companyName),
  portability_old_number: z.string().trim().max(20, 'Indicare il numero fisso da portare (es. 06 1234567).').transform(landline).default(''),
  portability_migration_code: z.string().max(30, 'Inserire al massimo 30 caratteri.').transform(compact).default(''),
};
type PortabilityShape = { [K in keyof typeof portabilityFields]: z.output<(typeof portabilityFields)[K]> };

function refinePortability(v: PortabilityShape, ctx: z.RefinementCtx): void {
  if (v.portability_phone || v.portability_internet) {
    if (v.portability_operator === '') ctx.addIssue({ code: 'custom', path: ['portability_operator'], message: "Indicare l'operatore attuale." });
    if (v.portability_migration_code === '') ctx.addIssue({ code: 'custom', path: ['portability_migration_code'], message: 'Indicare il codice di migrazione.' });
  }
  if (v.portability_phone && !/^0\d{5,10}$/.test(v.portability_old_number)) {
    ctx.addIssue({ code: 'custom', path: ['portability_old_number'], message: 'Indicare il numero fisso da portare (es. 06 1234567).' });
  }
}

export const stepAddressSchema = z
  .object({
    address: required(150, placeText),
    number: required(10, placeText),
    city: required(120, placeText),
    zip_code: capSchema,
    province: provinceSiglaSchema,
    shipping_same_as_activation: z.boolean().default(true),
    shipping_recipient: optional(120, companyName),
    shipping_care_of: optional(120, companyName),
    shipping_phone: optional(20),
    shipping_address: optional(150, placeText),
    shipping_number: optional(10, placeText),
    shipping_city: optional(120, placeText),
    shipping_zip: optional(5),
    shipping_province: optionalProvince,
    ...portabilityFields,
    voip_activation_request: flag,
    voip_old_phone_number: optional(20),
  })
  .superRefine((v, ctx) => {
    const need = (field: keyof typeof v, message = 'Campo obbligatorio.') => {
      if (v[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (!v.shipping_same_as_activation) {
      need('shipping_recipient');
      need('shipping_address');
      need('shipping_number');
      need('shipping_city');
      if (!/^\d{5}$/.test(v.shipping_zip)) ctx.addIssue({ code: 'custom', path: ['shipping_zip'], message: 'Il CAP è composto da 5 cifre.' });
      need('shipping_province', 'Indicare la sigla della provincia (2 lettere).');
    }
    refinePortability(v, ctx);
  });

// ---- step-portability (amendment) ---------------------------------------------------------

/** Both boxes unticked withdraws the portability request. */
export const stepPortabilitySchema = z.object(portabilityFields).superRefine(refinePortability);

// ---- step-payment -------------------------------------------------------------------------

/** Who holds the account the SEPA mandate debits: a person, or (business customers) the company itself. */
export const SEPA_HOLDER_TYPES = ['person', 'company'] as const;
const SEPA_TAX_CODE_MESSAGE = 'Codice fiscale non valido: 16 caratteri per una persona, 11 cifre per un’azienda.';

export const stepPaymentSchema = z
  .object({
    sepa_holder_type: z.enum(SEPA_HOLDER_TYPES, { error: 'Indicare a chi è intestato il conto.' }).default('person'),
    sepa_first_name: optional(60, personName),
    sepa_last_name: optional(60, personName),
    sepa_company_name: optional(200, companyName),
    /** The holder's codice fiscale (a person) or codice fiscale / partita IVA (a company). */
    sepa_tax_code: z.string().max(24, SEPA_TAX_CODE_MESSAGE).transform((s) => compact(s).replace(/^IT(?=\d{11}$)/, ''))
      .refine((s) => s === '' || /^(\d{11}|[A-Z0-9]{16})$/.test(s), SEPA_TAX_CODE_MESSAGE).default(''),
    iban: z.string({ error: REQUIRED }).max(50, 'IBAN non valido.').transform((s) => s.replace(/[\s\-.]/g, '').toUpperCase()).refine((s) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s), 'IBAN non valido.'),
  })
  .superRefine((v, ctx) => {
    const need = (field: 'sepa_first_name' | 'sepa_last_name' | 'sepa_company_name' | 'sepa_tax_code', message = REQUIRED) => {
      if (v[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.sepa_holder_type === 'company') {
      need('sepa_company_name');
      need('sepa_tax_code', 'Indicare il codice fiscale o la partita IVA dell’azienda.');
    } else {
      need('sepa_first_name');
      need('sepa_last_name');
    }
  });

// ---- step-document (and update-document-data) ---------------------------------------------

export const stepDocumentSchema = z
  .object({
    document_type: z.enum(DOCUMENT_TYPES, { error: 'Scegliere il tipo di documento.' }),
    document_number: z.string({ error: REQUIRED }).max(40, 'Numero del documento non valido.').transform(compact).refine((s) => /^[A-Z0-9]{4,20}$/.test(s), 'Numero del documento non valido.'),
    document_issue_date: isoDateSchema,
    document_expiry_date: isoDateSchema,
    document_issuer: required(100, companyName),
    document_issue_comune: required(120, placeText),
    document_issue_province: provinceSiglaSchema,
  });

export type StepContact = z.output<typeof stepContactSchema>;
export type StepPersonalPrivato = z.output<typeof stepPersonalPrivatoSchema>;
export type StepPersonalBusiness = z.output<typeof stepPersonalBusinessSchema>;
export type StepAddress = z.output<typeof stepAddressSchema>;
export type StepPortability = z.output<typeof stepPortabilitySchema>;
export type StepPayment = z.output<typeof stepPaymentSchema>;
export type StepDocument = z.output<typeof stepDocumentSchema>;

/**
 * The request of each named step, by customer type (only step-personal differs): the one schema a
 * submission of `/api/orders/{order_hash}/{step_name}` is parsed with, on both sides.
 */
export const STEP_SCHEMAS = {
  'step-contact': { privato: stepContactSchema, business: stepContactSchema },
  'step-personal': { privato: stepPersonalPrivatoSchema, business: stepPersonalBusinessSchema },
  'step-address': { privato: stepAddressSchema, business: stepAddressSchema },
  'step-payment': { privato: stepPaymentSchema, business: stepPaymentSchema },
  'step-document': { privato: stepDocumentSchema, business: stepDocumentSchema },
  'step-portability': { privato: stepPortabilitySchema, business: stepPortabilitySchema },
} as const satisfies Record<OrderStepName, Record<CustomerType, z.ZodType<Record<string, unknown>>>>;

export type StepSchema<S extends OrderStepName = OrderStepName> = (typeof STEP_SCHEMAS)[S][CustomerType];
/** A step's parsed values (for step-personal, a privato's or a business's). */
export type StepValues<S extends OrderStepName = OrderStepName> = z.output<StepSchema<S>>;

/** The schema of a step for a customer type (only step-personal differs). */
export function stepSchemaFor<S extends OrderStepName, C extends CustomerType>(step: S, customerType: C): (typeof STEP_SCHEMAS)[S][C] {
  return STEP_SCHEMAS[step][customerType];
}
