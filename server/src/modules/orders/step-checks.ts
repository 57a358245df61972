import { ADULT_AGE, ageOn, documentDateProblems, hasVoicePlan, sepaHolderProblems, voiceLineProblems } from '@checkout/contract';
import type {
  CustomerType, OrderStepName, StepAddress, StepDocument, StepPayment, StepPersonalBusiness, StepPersonalPrivato, StepPortability,
} from '@checkout/contract';
import { cfMatchesPerson, decodeCf, listProvinces, validateMigrationCode } from '../reference';
import type { CfPerson } from '../reference';
import { validateIban } from '@checkout/contract/italian/iban';
import { validatePartitaIva } from '@checkout/contract/italian/partita-iva';
import type { PartitaIvaError } from '@checkout/contract/italian/partita-iva';
import type { OrderFields } from './service';

/*
 * What the contract's step schemas cannot check on their own: data the reference module holds
 * (codice fiscale ↔ person, provinces, P.IVA office and check digit, IBAN CIN, migration code) and
 * the clock (adult age, document dates). Each returns field → Italian message; empty means valid.
 */

export type FieldProblems = Record<string, string>;

let provinceSet: Set<string> | undefined;
const isProvince = (sigla: string): boolean => (provinceSet ??= new Set(listProvinces().map((p) => p.sigla))).has(sigla);

function checkProvinces(values: Record<string, unknown>, fields: readonly string[], problems: FieldProblems): void {
  for (const f of fields) {
    const v = values[f];
    if (typeof v === 'string' && v !== '' && !isProvince(v)) problems[f] ??= 'Provincia inesistente.';
  }
}

const PIVA_MESSAGES: Record<PartitaIvaError, string> = {
  length: 'La partita IVA è composta da 11 cifre.',
  format: 'La partita IVA è composta da sole cifre.',
  office: "La partita IVA non è valida: il codice dell'ufficio provinciale è inesistente.",
  checksum: 'La partita IVA non è valida: la cifra di controllo non corrisponde.',
};

const CF_PART_NAMES: Record<keyof CfPerson, string> = {
  first_name: 'nome', last_name: 'cognome', sex: 'sesso', birth_date: 'data di nascita',
  birth_city: 'comune di nascita', birth_province: 'provincia di nascita', birth_country: 'stato di nascita',
};

/**
 * The field of a part of the person the codice fiscale disagrees with. The names belong to step 1:
 * naming them lets the browser send the customer back there to correct them.
 */
const CF_PART_FIELDS: Partial<Record<keyof CfPerson, string>> = {
  first_name: 'first_name', last_name: 'last_name', sex: 'sex', birth_date: 'birth_date', birth_city: 'birth_city', birth_country: 'country',
};

async function checkPrivato(v: StepPersonalPrivato, order: OrderFields, today: string): Promise<FieldProblems> {
  const problems: FieldProblems = {};
  checkProvinces(v, ['birth_province', 'residenza_provincia'], problems);
  if (v.birth_date > today) problems.birth_date = 'La data di nascita non può essere nel futuro.';
  else if (ageOn(v.birth_date, today) < ADULT_AGE) problems.birth_date = 'Per sottoscrivere il contratto occorre essere maggiorenni.';

  const decoded = await decodeCf(v.cf);
  if (!decoded.valid) {
    problems.cf = 'Codice fiscale non valido: controlla il carattere di controllo.';
    return problems;
  }
  const firstName = v.first_name || (typeof order.first_name === 'string' ? order.first_name : '');
  const lastName = v.last_name || (typeof order.last_name === 'string' ? order.last_name : '');
  const match = await cfMatchesPerson(v.cf, {
    first_name: firstName, last_name: lastName, sex: v.sex, birth_date: v.birth_date,
    birth_city: v.birth_city, birth_province: v.birth_province, birth_country: v.country,
  });
  if (!match.matches) {
    problems.cf = `Il codice fiscale non corrisponde a: ${match.mismatches.map((m) => CF_PART_NAMES[m]).join(', ')}.`;
    for (const m of match.mismatches) {
      const field = CF_PART_FIELDS[m];
      if (field) problems[field] ??= 'Non corrisponde al codice fiscale.';
    }
  }
  return problems;
}

async function checkBusiness(v: StepPersonalBusiness): Promise<FieldProblems> {
  const problems: FieldProblems = {};
  checkProvinces(v, ['provincia_rea', 'provincia_albo', 'sede_legale_provincia'], problems);
  const piva = validatePartitaIva(v.partita_iva);
  if (!piva.valid && piva.error) problems.partita_iva = PIVA_MESSAGES[piva.error];
  // The company's codice fiscale: 11 digits (usually the P.IVA itself) or a person's 16 characters (sole traders).
  const taxCodeValid = /^\d{11}$/.test(v.company_tax_code)
    ? validatePartitaIva(v.company_tax_code).valid
    : (await decodeCf(v.company_tax_code)).valid;
  if (!taxCodeValid) problems.company_tax_code = "Codice fiscale dell'azienda non valido.";
  if (v.anno_rea !== '' && (Number(v.anno_rea) < 1900 || Number(v.anno_rea) > new Date().getFullYear())) {
    problems.anno_rea = 'Anno di iscrizione non valido.';
  }
  return problems;
}

function checkPortability(v: StepPortability, problems: FieldProblems): void {
  if ((v.portability_phone || v.portability_internet) && v.portability_migration_code !== '') {
    const result = validateMigrationCode(v.portability_migration_code);
    if (!result.valid || !result.cos_accepted) {
      problems.portability_migration_code = result.valid
        ? 'Il codice di migrazione indica un servizio non trasferibile: controlla le ultime cifre.'
        : 'Codice di migrazione non valido: controlla di averlo copiato per intero dalla fattura.';
    }
  }
}

function checkAddress(v: StepAddress): FieldProblems {
  const problems: FieldProblems = {};
  checkProvinces(v, ['province', ...(v.shipping_same_as_activation ? [] : ['shipping_province'])], problems);
  checkPortability(v, problems);
  return problems;
}

function checkPayment(v: StepPayment, customerType: CustomerType): FieldProblems {
  const problems = sepaHolderProblems(v, customerType);
  if (!validateIban(v.iban).valid) problems.iban = 'IBAN non valido: controlla le cifre e il codice CIN.';
  return problems;
}

export function checkDocument(v: StepDocument, today: string): FieldProblems {
  const problems = documentDateProblems(v.document_issue_date, v.document_expiry_date, today);
  checkProvinces(v, ['document_issue_province'], problems);
  return problems;
}

/** Step 3's one answer on the voice line against the order's plan (contract voice-line.ts): no number kept without a plan, no second number. */
const voiceLineChecks = (values: Record<string, unknown>, order: OrderFields): FieldProblems =>
  voiceLineProblems(values, hasVoicePlan(Array.isArray(order.options) ? (order.options as { category: string }[]) : []));

/** Server-side checks of a step whose shape the contract schema already accepted. */
export async function checkStep(
  step: OrderStepName,
  customerType: CustomerType,
  values: Record<string, unknown>,
  order: OrderFields,
  today: string,
): Promise<FieldProblems> {
  switch (step) {
    case 'step-contact': return {};
    case 'step-personal':
      return customerType === 'business'
        ? checkBusiness(values as StepPersonalBusiness)
        : checkPrivato(values as StepPersonalPrivato, order, today);
    case 'step-address': return { ...voiceLineChecks(values, order), ...checkAddress(values as StepAddress) };
    case 'step-payment': return checkPayment(values as StepPayment, customerType);
    case 'step-document': return checkDocument(values as StepDocument, today);
    case 'step-portability': {
      const problems: FieldProblems = {};
      checkPortability(values as StepPortability, problems);
      return { ...voiceLineChecks(values, order), ...problems };
    }
  }
}

// Made once: building an Intl.DateTimeFormat costs about 100 µs, formatting with one about 1 µs.
const ITALIAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Italy (yyyy-mm-dd): ages and document dates are judged by the Italian calendar day. */
export const italianToday = (now: Date): string => ITALIAN_DAY.format(now);
