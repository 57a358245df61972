import { activationStartWording, firstActivationDay, priceLineLabel, pricesIncludeVat, withdrawalLastDay } from '@checkout/contract';
import type { ActivationTiming, ConsoleOrderDetail, CustomerType } from '@checkout/contract';
import type { Db } from '../../db';
import { getCatalogueOffer } from '../catalog';
import { coverageOverrideOf, priceOrderContent } from '../orders';
import type { OrderFields } from '../orders';
import { maskName, maskValue } from './masking';

/*
 * The order page's customer data: each checkout step's fields as labelled Italian rows (empty ones left
 * out), and the offer priced the way the contract was: the contract's rules over the catalogue, with the
 * promo as it applied on the day of the signature (or today, for an order not signed yet).
 */

type Fields = Record<string, unknown>;
export interface StepRows { step: string; title: string; rows: Array<{ label: string; value: string }> }

const str = (f: Fields, key: string): string => {
  const v = f[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? (v ? 'sì' : 'no') : '';
};
const join = (parts: string[], sep = ' '): string => parts.map((p) => p.trim()).filter(Boolean).join(sep);
const address = (street: string, number: string, zip: string, city: string, province: string): string =>
  join([join([street, number]), join([zip, city, province ? `(${province})` : ''])], ', ');
const italianDate = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};
export const DOCUMENT_NAMES: Record<string, string> = { carta_identita: "Carta d'identità", patente: 'Patente di guida', passaporto: 'Passaporto' };

/** The customer's name as the list shows it: the company's, else first and last name; null when none yet. */
export const customerNameOf = (f: Fields): string | null => (str(f, 'ragione_sociale') || join([str(f, 'first_name'), str(f, 'last_name')])) || null;

/** An order whose line staff stated (pre-made, at an address the coverage data does not know) says so. */
function coverageNote(f: Fields): string {
  const override = coverageOverrideOf(f);
  if (!override) return '';
  const by = override.operator ? ` · ${override.operator}` : '';
  return `Copertura non verificata: tecnologia ${override.technology} indicata dall'operatore (${override.reason})${by}`;
}

export function stepRows(customerType: CustomerType, f: Fields): StepRows[] {
  const steps: StepRows[] = [
    { step: 'step-contact', title: 'Contatti', rows: [
      { label: 'Nome', value: str(f, 'first_name') }, { label: 'Cognome', value: str(f, 'last_name') },
      { label: 'Email', value: str(f, 'email') }, { label: 'Cellulare', value: str(f, 'mobile_phone_number') },
      { label: 'Telefono', value: str(f, 'phone_number') },
    ] },
    customerType === 'business'
      ? { step: 'step-personal', title: 'Dati aziendali', rows: [
        { label: 'Ragione sociale', value: str(f, 'ragione_sociale') }, { label: 'Forma giuridica', value: str(f, 'forma_giuridica') },
        { label: 'Partita IVA', value: str(f, 'partita_iva') }, { label: 'Codice fiscale azienda', value: str(f, 'company_tax_code') },
        { label: 'Sede legale', value: address(str(f, 'sede_legale_indirizzo'), str(f, 'sede_legale_civico'), str(f, 'sede_legale_cap'), str(f, 'sede_legale_comune'), str(f, 'sede_legale_provincia')) },
        { label: 'PEC', value: str(f, 'pec') }, { label: 'Codice destinatario SDI', value: str(f, 'sdi') }, { label: 'Codice ATECO', value: str(f, 'ateco') },
      ] }
      : { step: 'step-personal', title: 'Dati personali', rows: [
        { label: 'Codice fiscale', value: str(f, 'cf') }, { label: 'Sesso', value: str(f, 'sex') },
        { label: 'Data di nascita', value: italianDate(str(f, 'birth_date')) },
        { label: 'Luogo di nascita', value: join([str(f, 'birth_city'), str(f, 'birth_province') ? `(${str(f, 'birth_province')})` : '']) || str(f, 'country') },
        { label: 'Cittadinanza', value: str(f, 'nationality') },
        { label: 'Residenza', value: address(str(f, 'residenza_indirizzo'), str(f, 'residenza_civico'), str(f, 'residenza_cap'), str(f, 'residenza_comune'), str(f, 'residenza_provincia')) },
      ] },
    { step: 'step-address', title: 'Indirizzo di attivazione', rows: [
      { label: 'Indirizzo', value: address(str(f, 'address'), str(f, 'number'), str(f, 'zip_code'), str(f, 'city'), str(f, 'province')) },
      { label: 'Tecnologia', value: str(f, 'technology') },
      { label: 'Copertura', value: coverageNote(f) },
      { label: 'Spedizione', value: f.shipping_same_as_activation === false
        ? join([str(f, 'shipping_recipient'), address(str(f, 'shipping_address'), str(f, 'shipping_number'), str(f, 'shipping_zip'), str(f, 'shipping_city'), str(f, 'shipping_province'))], ', ')
        : (str(f, 'address') ? "All'indirizzo di attivazione" : '') },
      { label: 'Operatore attuale', value: str(f, 'portability_operator_name') || str(f, 'portability_operator') },
      { label: 'Numero da portare', value: str(f, 'portability_old_number') },
      { label: 'Codice di migrazione', value: str(f, 'portability_migration_code') },
    ] },
    { step: 'step-payment', title: 'Pagamento', rows: [
      { label: 'Intestatario del conto', value: str(f, 'sepa_company_name') || join([str(f, 'sepa_first_name'), str(f, 'sepa_last_name')]) },
      { label: 'Codice fiscale intestatario', value: str(f, 'sepa_tax_code') },
      { label: 'IBAN', value: str(f, 'iban') },
    ] },
    { step: 'step-document', title: "Documento d'identità", rows: [
      { label: 'Tipo', value: DOCUMENT_NAMES[str(f, 'document_type')] ?? str(f, 'document_type') },
      { label: 'Numero', value: str(f, 'document_number') },
      { label: 'Rilasciato da', value: join([str(f, 'document_issuer'), str(f, 'document_issue_comune')], ', ') },
      { label: 'Data di rilascio', value: italianDate(str(f, 'document_issue_date')) },
      { label: 'Scadenza', value: italianDate(str(f, 'document_expiry_date')) },
    ] },
  ];
  return steps.map((s) => ({ ...s, rows: s.rows.filter((r) => r.value !== '') }));
}

/** Rows that say nothing about the person stay readable when the rest is masked. */
const NOT_PERSONAL = new Set(['Tecnologia', 'Copertura', 'Tipo', 'Forma giuridica', 'Sesso', 'Cittadinanza', 'Operatore attuale', 'Spedizione']);
const NAME_ROWS = new Set(['Nome', 'Cognome', 'Intestatario del conto', 'Ragione sociale']);

export const maskSteps = (steps: StepRows[]): StepRows[] => steps.map((s) => ({
  ...s,
  rows: s.rows.map((r) => ({
    label: r.label,
    value: NOT_PERSONAL.has(r.label) ? r.value : NAME_ROWS.has(r.label) ? maskName(r.value) : maskValue(r.value),
  })),
}));

const offerNames = new Map<string, string | null>();
/** The catalogue's name of an offer, or null when the catalogue no longer has it. */
export function offerNameOf(offerId: number, customerType: CustomerType): string | null {
  const key = `${customerType}:${offerId}`;
  if (!offerNames.has(key)) {
    let name: string | null = null;
    try { name = getCatalogueOffer(offerId, { customerType }).name; } catch { name = null; }
    offerNames.set(key, name);
  }
  return offerNames.get(key) ?? null;
}

export interface OfferView {
  name: string;
  lines: Array<{ name: string; monthly_cents: number; one_off_cents: number }>;
  monthly_total_cents: number;
  one_off_total_cents: number;
  vat_included: boolean;
}

/**
 * The offer's price lines as the contract prints them, the offer's own first. Should the catalogue no longer price it (an
 * offer withdrawn since), the totals stored with the order, without lines.
 */
export async function offerView(
  db: Db, order: { offer_id: number; customer_type: CustomerType; signed_at: string | null; monthly_cents: number; one_off_cents: number }, fields: OrderFields, now: Date,
): Promise<OfferView> {
  try {
    const content = await priceOrderContent(db, order.offer_id, order.customer_type, fields, order.signed_at ? new Date(order.signed_at) : now);
    return {
      name: content.offer.name,
      // Every line, the offer's own first, as the summary box and the contract print them: they add up to the totals.
      lines: content.priced.lines.map((l) => ({ name: priceLineLabel(l), monthly_cents: l.monthly, one_off_cents: l.oneOff })),
      monthly_total_cents: content.priced.totals.monthly,
      one_off_total_cents: content.priced.totals.oneOff,
      vat_included: pricesIncludeVat(order.customer_type),
    };
  } catch {
    return {
      name: offerNameOf(order.offer_id, order.customer_type) ?? `Offerta ${order.offer_id}`,
      lines: [], monthly_total_cents: Number(order.monthly_cents), one_off_total_cents: Number(order.one_off_cents),
      vat_included: pricesIncludeVat(order.customer_type),
    };
  }
}

/** A consumer's withdrawal period as the order page shows it (the evidence page's sentence with it). */
export function withdrawalPeriodView(timing: ActivationTiming): ConsoleOrderDetail['withdrawal_period'] {
  const text = activationStartWording(timing);
  if (!text || !timing.signedAt) return null;
  return {
    last_day: withdrawalLastDay(timing.signedAt), early_activation_requested: timing.earlyActivationRequested,
    first_activation_day: firstActivationDay(timing), text,
  };
}
