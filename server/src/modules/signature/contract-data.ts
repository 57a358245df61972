import {
  chosenRouter, CONSENT_LABELS, expectedSpeed, formatSpeed, keptNumberOf, offerTermsWording, priceLineLabel, promoTermsWording, romeDateTime, routerCostWording,
  speedFiguresWording, speedsAt, technologyWording,
} from '@checkout/contract';
import type { Offer, PricedOrder, PriceLine, SpeedsAtAddress } from '@checkout/contract';
import { DEVICE_INSTALMENTS_ON_EXIT, type SummaryFacts } from '../../infra/pdf/summary-pdf';
import { brandInitials } from '../orders';
import type { ConsentState, OrderForSignature, PricedContent } from '../orders';
import type { Config } from '../../config';
import type { ContractPdfData, ContractPriceLine } from '../../infra/pdf/contract-pdf';

/**
 * Order → what the contract prints. The price lines and totals are the server's own computation
 * (contract `priceOrder` over the catalogue and the promo): the same lines the summary box and the
 * step-5 review show, never prices typed by the client.
 */

type Fields = Record<string, unknown>;

const str = (fields: Fields, key: string): string => {
  const v = fields[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

/** `1980-01-01` → `01/01/1980`; anything else as it is. */
const italianDate = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

const join = (parts: string[], sep = ' '): string => parts.map((p) => p.trim()).filter(Boolean).join(sep);

/** `Via Roma 1, 00100 Roma (RM)`; empty parts are left out. */
export const formatAddress = (street: string, number: string, zip: string, city: string, province: string): string =>
  join([join([street, number]), join([zip, city, province ? `(${province})` : ''])], ', ');

const DOCUMENT_NAMES: Record<string, string> = { carta_identita: "Carta d'identità", patente: 'Patente di guida', passaporto: 'Passaporto' };

/** `di Roma` after the issuer, unless the issuer already names the place ("Comune di Roma"). */
function issuedIn(issuer: string, comune: string): string {
  if (!comune) return '';
  return issuer.toLowerCase().includes(comune.toLowerCase()) ? '' : `di ${comune}`;
}

function documentRow(f: Fields): string {
  const type = str(f, 'document_type');
  if (!type) return '';
  return join([
    `${DOCUMENT_NAMES[type] ?? type} n. ${str(f, 'document_number')}`,
    str(f, 'document_issuer') ? `rilasciato da ${str(f, 'document_issuer')}` : '',
    issuedIn(str(f, 'document_issuer'), str(f, 'document_issue_comune')),
    str(f, 'document_issue_date') ? `il ${italianDate(str(f, 'document_issue_date'))}` : '',
    str(f, 'document_expiry_date') ? `- scadenza ${italianDate(str(f, 'document_expiry_date'))}` : '',
  ]);
}

function birthPlace(f: Fields): string {
  const city = str(f, 'birth_city');
  const province = str(f, 'birth_province');
  if (city) return province ? `${city} (${province})` : city;
  return str(f, 'country');
}

export function customerRows(customerType: 'privato' | 'business', f: Fields, mobile: string): Array<[string, string]> {
  const contact: Array<[string, string]> = [
    ['Email', str(f, 'email')],
    ['Cellulare', mobile],
    ['Telefono', str(f, 'phone_number')],
  ];
  if (customerType === 'business') {
    return [
      ['Ragione sociale', str(f, 'ragione_sociale')],
      ['Forma giuridica', str(f, 'forma_giuridica')],
      ['Tipo di impresa', str(f, 'tipo_impresa')],
      ['Partita IVA', str(f, 'partita_iva')],
      ['Codice fiscale azienda', str(f, 'company_tax_code')],
      ['Sede legale', formatAddress(str(f, 'sede_legale_indirizzo'), str(f, 'sede_legale_civico'), str(f, 'sede_legale_cap'), str(f, 'sede_legale_comune'), str(f, 'sede_legale_provincia'))],
      ['Iscrizione REA', join([str(f, 'provincia_rea'), str(f, 'numero_rea')], '-') + (str(f, 'anno_rea') ? ` (${str(f, 'anno_rea')})` : '')],
      ['Albo', join([str(f, 'nome_albo'), str(f, 'provincia_albo') ? `(${str(f, 'provincia_albo')})` : ''])],
      ['Codice ATECO', str(f, 'ateco')],
      ['PEC', str(f, 'pec')],
      ['Codice destinatario SDI', str(f, 'sdi')],
      ['Referente', join([str(f, 'first_name'), str(f, 'last_name')])],
      ...contact,
      ['Documento del referente', documentRow(f)],
    ];
  }
  return [
    ['Nome e cognome', join([str(f, 'first_name'), str(f, 'last_name')])],
    ['Codice fiscale', str(f, 'cf')],
    ['Sesso', str(f, 'sex')],
    ['Data di nascita', italianDate(str(f, 'birth_date'))],
    ['Luogo di nascita', birthPlace(f)],
    ['Cittadinanza', str(f, 'nationality')],
    ['Residenza', formatAddress(str(f, 'residenza_indirizzo'), str(f, 'residenza_civico'), str(f, 'residenza_cap'), str(f, 'residenza_comune'), str(f, 'residenza_provincia'))],
    ...contact,
    ['Documento', documentRow(f)],
  ];
}

export function shippingAddress(f: Fields): string {
  const activation = formatAddress(str(f, 'address'), str(f, 'number'), str(f, 'zip_code'), str(f, 'city'), str(f, 'province'));
  if (f.shipping_same_as_activation !== false) return activation;
  return join([
    str(f, 'shipping_recipient'),
    str(f, 'shipping_care_of') ? `c/o ${str(f, 'shipping_care_of')}` : '',
    formatAddress(str(f, 'shipping_address'), str(f, 'shipping_number'), str(f, 'shipping_zip'), str(f, 'shipping_city'), str(f, 'shipping_province')),
  ], ', ');
}

/** The voice line and the number portability of step 3: one answer, so one number (a kept one is the ported one). */
export function portabilityRows(f: Fields): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const voice = f.voip_activation_request === true;
  // Step 3's one answer (contract voice-line.ts): the number kept is the one ported, else a new number.
  const kept = keptNumberOf({ portability_phone: f.portability_phone === true, portability_old_number: str(f, 'portability_old_number') }, voice);
  if (voice) rows.push(['Linea voce', kept ? `attivazione mantenendo il numero attuale ${kept}` : 'attivazione di un nuovo numero']);
  const phone = kept !== '';
  const internet = f.portability_internet === true;
  if (phone || internet) {
    const what = [phone ? 'numero di telefono fisso' : '', internet ? 'linea internet' : ''].filter(Boolean).join(' e ');
    rows.push(['Portabilità richiesta', what]);
    const operator = str(f, 'portability_operator_name') || str(f, 'portability_operator');
    rows.push(['Operatore attuale', operator]);
    if (phone) rows.push(['Numero da portare', kept]);
    rows.push(['Codice di migrazione', str(f, 'portability_migration_code')]);
  }
  return rows.filter(([, value]) => value !== '');
}

const toContractLine = (line: PriceLine): ContractPriceLine => ({ name: priceLineLabel(line), monthly: line.monthly, oneOff: line.oneOff });

/** `FV-<12 hex of the order id>-<yyyymmdd>`: unique per order, within SEPA's 35 characters. */
export function mandateReference(brandName: string, orderId: string, orderDate: Date): string {
  const initials = brandInitials(brandName);
  const id = orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 12).toUpperCase();
  return `${initials}-${id}-${orderDate.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/**
 * The mandate's debtor as step 4 names it: the company (its name and tax code) or a person. The tax
 * code is the holder's own; a private customer paying from their own account is known by their CF.
 */
export function sepaDebtor(customerType: 'privato' | 'business', f: Fields): { name: string; taxCode: string } {
  const customerName = join([str(f, 'first_name'), str(f, 'last_name')]);
  const name = f.sepa_holder_type === 'company'
    ? str(f, 'sepa_company_name')
    : join([str(f, 'sepa_first_name'), str(f, 'sepa_last_name')]) || customerName;
  const ownAccount = customerType === 'privato' && name.toLowerCase() === customerName.toLowerCase();
  return { name, taxCode: str(f, 'sepa_tax_code') || (ownAccount ? str(f, 'cf') : '') };
}

/**
 * The mandate's scheme: B2B when a business pays from the company's account (no refund right, the
 * company's bank must know the mandate), Core otherwise — a consumer, or a person paying for a business,
 * keeps the 8-week refund.
 */
export const sepaScheme = (customerType: 'privato' | 'business', f: Fields): 'CORE' | 'B2B' =>
  customerType === 'business' && f.sepa_holder_type === 'company' ? 'B2B' : 'CORE';

/** The consents of the ledger as the contract prints them: given or refused, when, and which text. */
export function consentRows(consents: readonly ConsentState[]): Array<[string, string]> {
  return consents.map((c) => [
    CONSENT_LABELS[c.consent],
    `${c.granted ? 'dato' : 'non dato'} il ${romeDateTime(c.recorded_at)}; testo versione ${c.text_version}, SHA-256 ${c.text_sha256.slice(0, 16)}…`,
  ]);
}

export interface ContractInputs {
  order: OrderForSignature;
  /** The server's price lines of the order (orders' `priceOrderContent`). */
  priced: PricedOrder;
  /** The catalogue's offer the order is for: its terms (commitment, voucher, exit costs) are printed as the summary states them. */
  offer: Offer;
  /** The number the code goes to: change-mobile-phone-number's, else the order's. */
  mobile: string;
  /** The consent ledger's latest answers (orders' `currentConsents`). */
  consents?: readonly ConsentState[];
  config: Pick<Config, 'brandName' | 'brandColour' | 'sepaCreditorId' | 'sepaCreditorName' | 'sepaCreditorAddress'>;
}

export function buildContractData({ order, priced, offer, mobile, config, consents = [] }: ContractInputs): ContractPdfData {
  const f = order.fields as Fields;
  const [offerLine, ...optionLines] = priced.lines;
  if (offerLine?.kind !== 'offer') throw new Error('price lines must start with the offer');

  const documentDate = new Date(order.created_at);
  const debtor = sepaDebtor(order.customer_type, f);

  return {
    brandName: config.brandName,
    accentColour: config.brandColour,
    orderCode: order.order_number,
    documentDate,
    customerType: order.customer_type,
    customer: customerRows(order.customer_type, f, mobile),
    activationAddress: formatAddress(str(f, 'address'), str(f, 'number'), str(f, 'zip_code'), str(f, 'city'), str(f, 'province')),
    shippingAddress: shippingAddress(f),
    portability: portabilityRows(f),
    consents: consentRows(consents),
    technology: str(f, 'technology'),
    offer: toContractLine(offerLine),
    options: optionLines.map(toContractLine),
    totals: { monthly: priced.totals.monthly, oneOff: priced.totals.oneOff },
    terms: offerTermsWording(offer),
    promo: priced.promo ? promoTermsWording(priced.promo) : null,
    sepa: {
      reference: mandateReference(config.brandName, order.id, documentDate),
      creditorId: config.sepaCreditorId,
      creditorName: config.sepaCreditorName,
      creditorAddress: config.sepaCreditorAddress,
      scheme: sepaScheme(order.customer_type, f),
      debtorName: debtor.name,
      debtorTaxCode: debtor.taxCode,
      iban: str(f, 'iban'),
      paymentType: 'ricorrente',
    },
  };
}

/** The identity document the customer identified with, as the evidence page names it. */
export const identityDocumentOf = (fields: Record<string, unknown>): string => documentRow(fields);

export interface SummaryInputs {
  order: OrderForSignature;
  content: Pick<PricedContent, 'offer' | 'options' | 'line'>;
  config: Pick<Config, 'sepaCreditorName' | 'sepaCreditorAddress' | 'legalPagesUrl'>;
}

/** The speed rows of the summary: the three declared figures each way, or the most the line reaches when the offer declares none. */
const speedRows = (speeds: SpeedsAtAddress | null, download: number): Array<[string, string]> => (speeds
  ? [['Download all\'indirizzo', speedFiguresWording(speeds.download)], ['Upload all\'indirizzo', speedFiguresWording(speeds.upload)]]
  : [['Download all\'indirizzo', `massima ${formatSpeed(download)}`]]);

/** What the contract summary states beyond the contract's data: technology wording, speeds at the address, duration, router terms. */
export function buildSummaryFacts({ order, content, config }: SummaryInputs): SummaryFacts {
  const technology = content.line?.technology ?? str(order.fields as Fields, 'technology');
  const chosen = content.options.map((added) => content.offer.options.find((o) => o.id === added.id));
  const upgrade = chosen.find((o) => o?.category === 'speed_upgrade') ?? null;
  const router = chosenRouter(content.offer.options, content.options);
  const speeds = speedsAt(content.offer, content.line, upgrade);
  // Without the address's line, the figures are the offer's first technology's: the wording names it too.
  const named = technology || speeds?.technology;
  return {
    technologyWording: named ? technologyWording(named) : 'da verificare',
    speeds: speedRows(speeds, expectedSpeed(content.offer, content.line, upgrade)),
    router: router ? routerCostWording(router) : null,
    duration: [...offerTermsWording(content.offer), DEVICE_INSTALMENTS_ON_EXIT],
    providerContact: `${config.sepaCreditorName}, ${config.sepaCreditorAddress}`,
    infoUrl: config.legalPagesUrl,
  };
}
