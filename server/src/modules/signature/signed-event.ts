import { pricesIncludeVat } from '@checkout/contract';
import type { EventAddress, OrderSignedSnapshot } from '@checkout/contract';
import type { ContractPdfData } from '../../infra/pdf/contract-pdf';
import type { MediaRow } from '../documents';
import type { ConsentState, OrderForSignature, PricedContent } from '../orders';
import { formatAddress } from './contract-data';

/*
 * The `order.signed` event's data (contract `orderSignedSnapshotSchema`): written in the signing
 * transaction from the same inputs as the contract PDF (`buildContractData` and the order's priced
 * content), so the provider receives what the customer signed, structured for its systems. The IBAN
 * travels whole: the provider debits it under the signed mandate (docs/decisions.md).
 */

type Fields = Record<string, unknown>;

const str = (f: Fields, key: string): string => {
  const v = f[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};
const euros = (cents: number): number => Math.round(cents) / 100;

const address = (f: Fields, [street, number, zip, city, province]: [string, string, string, string, string]): EventAddress => ({
  street: str(f, street), number: str(f, number), zip: str(f, zip), city: str(f, city), province: str(f, province),
  formatted: formatAddress(str(f, street), str(f, number), str(f, zip), str(f, city), str(f, province)),
});

const identityDocument = (f: Fields) => ({
  type: str(f, 'document_type'), number: str(f, 'document_number'), issuer: str(f, 'document_issuer'),
  issue_comune: str(f, 'document_issue_comune'), issue_province: str(f, 'document_issue_province'),
  issue_date: str(f, 'document_issue_date'), expiry_date: str(f, 'document_expiry_date'),
});

function customerOf(order: OrderForSignature, mobile: string): OrderSignedSnapshot['customer'] {
  const f = order.fields as Fields;
  const contact = { email: str(f, 'email').toLowerCase(), mobile_phone: mobile, phone: str(f, 'phone_number') };
  if (order.customer_type === 'business') {
    return {
      kind: 'company',
      company_name: str(f, 'ragione_sociale'), legal_form: str(f, 'forma_giuridica'), company_type: str(f, 'tipo_impresa'),
      vat_number: str(f, 'partita_iva'), tax_code: str(f, 'company_tax_code'),
      registered_office: address(f, ['sede_legale_indirizzo', 'sede_legale_civico', 'sede_legale_cap', 'sede_legale_comune', 'sede_legale_provincia']),
      rea: { province: str(f, 'provincia_rea'), number: str(f, 'numero_rea'), year: str(f, 'anno_rea') },
      register: { name: str(f, 'nome_albo'), province: str(f, 'provincia_albo') },
      ateco: str(f, 'ateco'), pec: str(f, 'pec'), sdi_code: str(f, 'sdi'),
      representative: { first_name: str(f, 'first_name'), last_name: str(f, 'last_name'), identity_document: identityDocument(f) },
      contact,
    };
  }
  return {
    kind: 'person',
    first_name: str(f, 'first_name'), last_name: str(f, 'last_name'), tax_code: str(f, 'cf').toUpperCase(), sex: str(f, 'sex'),
    birth_date: str(f, 'birth_date'), birth_city: str(f, 'birth_city'), birth_province: str(f, 'birth_province'), birth_country: str(f, 'country'),
    nationality: str(f, 'nationality'),
    residence: address(f, ['residenza_indirizzo', 'residenza_civico', 'residenza_cap', 'residenza_comune', 'residenza_provincia']),
    contact,
    identity_document: identityDocument(f),
  };
}

function shippingOf(f: Fields, contract: ContractPdfData): OrderSignedSnapshot['shipping_address'] {
  if (f.shipping_same_as_activation !== false) {
    return { ...address(f, ['address', 'number', 'zip_code', 'city', 'province']), formatted: contract.shippingAddress, recipient: '', care_of: '', phone: '' };
  }
  return {
    ...address(f, ['shipping_address', 'shipping_number', 'shipping_zip', 'shipping_city', 'shipping_province']),
    formatted: contract.shippingAddress,
    recipient: str(f, 'shipping_recipient'), care_of: str(f, 'shipping_care_of'), phone: str(f, 'shipping_phone'),
  };
}

function portabilityOf(f: Fields): OrderSignedSnapshot['portability'] {
  const phone = f.portability_phone === true;
  const internet = f.portability_internet === true;
  if (!phone && !internet) return null;
  return {
    phone, internet, operator_id: str(f, 'portability_operator'), operator_name: str(f, 'portability_operator_name'),
    number: phone ? str(f, 'portability_old_number') : '', migration_code: str(f, 'portability_migration_code'),
  };
}

export interface SignedEventInputs {
  order: OrderForSignature;
  content: Pick<PricedContent, 'priced' | 'line' | 'promo' | 'offer'>;
  /** The contract's own data (`buildContractData`): the mandate, the addresses as printed. */
  contract: ContractPdfData;
  mobile: string;
  consents: readonly ConsentState[];
  documents: readonly MediaRow[];
  signedAt: Date;
  channel: 'sms' | 'email';
  signedSha256: string;
  summarySha256: string | null;
  /** The one-time code's acceptances (`early_activation_requested` among them when asked). */
  acceptances: ReadonlyArray<[string, string]>;
}

export function orderSignedSnapshot(i: SignedEventInputs): OrderSignedSnapshot {
  const { order, content, contract } = i;
  const f = order.fields as Fields;
  const at = i.signedAt.toISOString();
  return {
    order_id: order.id,
    order_number: order.order_number,
    customer_type: order.customer_type,
    is_brand_customer: order.is_brand_customer,
    referer_code: order.referer_code,
    created_at: order.created_at,
    signed_at: at,
    customer: customerOf(order, i.mobile),
    installation_address: {
      ...address(f, ['address', 'number', 'zip_code', 'city', 'province']),
      formatted: contract.activationAddress,
      istat_code: str(f, 'id_comune'), building_id: str(f, 'id_building'), egon_id: str(f, 'id_egon_civico'),
    },
    shipping_address: shippingOf(f, contract),
    line: {
      technology: content.line?.technology ?? contract.technology,
      network: content.line?.network ?? '',
      max_download_mbps: content.line?.max_download ?? null,
      max_upload_mbps: content.line?.max_upload ?? null,
      cabinet_distance_m: content.line?.cabinet_distance ?? null,
      openfiber_cluster: str(f, 'openfiber_cluster'),
    },
    offer: { id: content.offer.id, name: content.offer.name },
    price_lines: content.priced.lines.map((l) => ({
      key: l.key, kind: l.kind, option_id: l.optionId,
      name: l.colour ? `${l.name} (colore: ${l.colour})` : l.name,
      monthly: euros(l.monthly), one_off: euros(l.oneOff),
    })),
    totals: { monthly: euros(content.priced.totals.monthly), one_off: euros(content.priced.totals.oneOff), vat_included: pricesIncludeVat(order.customer_type) },
    promo_code: content.promo?.code ?? null,
    router_colour: content.priced.lines.find((l) => l.colour)?.colour ?? null,
    early_activation_requested: i.acceptances.some(([name]) => name === 'early_activation_requested'),
    voice_line: { requested: f.voip_activation_request === true, current_number: str(f, 'voip_old_phone_number') },
    portability: portabilityOf(f),
    sepa_mandate: {
      reference: contract.sepa.reference, scheme: contract.sepa.scheme,
      creditor_id: contract.sepa.creditorId, creditor_name: contract.sepa.creditorName,
      debtor_name: contract.sepa.debtorName, debtor_tax_code: contract.sepa.debtorTaxCode,
      holder_type: f.sepa_holder_type === 'company' ? 'company' : 'person',
      iban: contract.sepa.iban.replace(/\s+/g, '').toUpperCase(),
      signed_at: at,
    },
    documents: i.documents.map((m) => ({
      id: m.id, kind: m.kind as 'identity_document' | 'health_card' | 'other', filename: m.filename, mime: m.mime, size: m.size, sha256: m.sha256, uploaded_at: m.created_at,
    })),
    consents: i.consents.map((c) => ({ consent: c.consent, granted: c.granted, recorded_at: c.recorded_at, text_version: c.text_version, text_sha256: c.text_sha256 })),
    signature: { channel: i.channel, contract_sha256: i.signedSha256, summary_sha256: i.summarySha256 },
  };
}
