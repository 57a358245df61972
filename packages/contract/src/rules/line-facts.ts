import type { AddressHit } from '../schemas/coverage';
import type { ServiceCoverage } from '../schemas/form-fields';
import { normaliseCluster } from './sales-area';

/*
 * The facts of an order's line (which technology, on which network, how fast, in which cluster) and the
 * activation address they belong to are the coverage data's, never the request's: the contract prints
 * them and the sales rules read them. Every write of an order stores them from the coverage record of
 * its address; a request may repeat them (the coverage check's answer the browser keeps), and one that
 * says something else is refused, naming the field, rather than printed.
 */

type Technology = ServiceCoverage['technology'];

/** The coverage record of an address, as an order reads it. */
export interface AddressCoverage {
  address: AddressHit;
  /** Every service row at the address (available or not), best first. */
  services: readonly ServiceCoverage[];
  suggestedTechnology: Technology | null;
  openfiberCluster: string | null;
}

/** The order fields that state the line: the coverage check's answer and the line the offer runs on. */
export const LINE_FACT_FIELDS = ['technology', 'services_coverage', 'suggested_technology', 'openfiber_cluster', 'cluster'] as const;
/** The order fields of the activation address, which the coverage record names. */
export const ACTIVATION_ADDRESS_FIELDS = ['address', 'number', 'city', 'zip_code', 'province', 'id_comune', 'id_building'] as const;

export type LineFactField = (typeof LINE_FACT_FIELDS)[number] | (typeof ACTIVATION_ADDRESS_FIELDS)[number];

export interface LineFacts {
  technology: Technology | '';
  services_coverage: ServiceCoverage[];
  suggested_technology: string;
  openfiber_cluster: string;
  cluster: string;
  /** Absent when the coverage data does not know the address (a pre-made order with a staff override). */
  address?: string;
  number?: string;
  city?: string;
  zip_code?: string;
  province?: string;
  id_comune?: string;
  id_building?: string;
}

/** What an order at a known address stores: the address as the record names it, its services, and the offer's line there. */
export const lineFactsAt = (coverage: AddressCoverage, line: Pick<ServiceCoverage, 'technology'> | null): LineFacts => ({
  address: coverage.address.street,
  number: coverage.address.number,
  city: coverage.address.city,
  zip_code: coverage.address.zip_code,
  province: coverage.address.province,
  id_comune: coverage.address.id_comune,
  id_building: coverage.address.id_building ?? '',
  technology: line?.technology ?? '',
  services_coverage: coverage.services.map((s) => ({ ...s })),
  suggested_technology: coverage.suggestedTechnology ?? '',
  openfiber_cluster: coverage.openfiberCluster ?? '',
  cluster: coverage.openfiberCluster ?? '',
});

/** What an order the coverage data does not know stores: only the technology staff named, no services, no cluster. */
export const lineFactsByOverride = (technology: Technology): LineFacts => ({
  technology, services_coverage: [], suggested_technology: '', openfiber_cluster: '', cluster: '',
});

/** Case, accents' composition and runs of spaces do not make another address. */
const text = (v: unknown): string => (typeof v === 'string' ? v.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() : '');

const serviceKey = (s: unknown): string => {
  const o = (typeof s === 'object' && s !== null ? s : {}) as Record<string, unknown>;
  return JSON.stringify([o.technology, o.network, o.max_download, o.max_upload, o.cabinet_distance ?? null, o.available]);
};
const servicesKey = (list: readonly unknown[]): string => JSON.stringify(list.map(serviceKey).sort());

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const sameFact = (field: LineFactField, sent: unknown, fact: unknown): boolean => {
  if (field === 'services_coverage') return Array.isArray(sent) && Array.isArray(fact) && servicesKey(sent) === servicesKey(fact);
  if (field === 'cluster' || field === 'openfiber_cluster') return normaliseCluster(text(sent)) === normaliseCluster(text(fact));
  return text(sent) === text(fact);
};

const ADDRESS_MESSAGE = "Non corrisponde all'indirizzo di cui è stata verificata la copertura: per cambiare indirizzo ripeti la verifica della copertura.";
const COVERAGE_MESSAGE = "Non corrisponde alla copertura dell'indirizzo: ripeti la verifica della copertura.";

/**
 * The fields a request sent (non-empty) that say something else than the facts: field → Italian message.
 * A field the facts do not hold (an address the coverage data does not know) is not compared.
 */
export function lineFactMismatches(sent: Readonly<Record<string, unknown>>, facts: LineFacts): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of [...LINE_FACT_FIELDS, ...ACTIVATION_ADDRESS_FIELDS]) {
    const value = sent[field];
    const fact = facts[field];
    if (isBlank(value) || fact === undefined || sameFact(field, value, fact)) continue;
    problems[field] = field === 'technology'
      ? `La linea di questa offerta all'indirizzo è ${fact === '' ? 'da verificare' : String(fact)}: la tecnologia non si può indicare.`
      : (ACTIVATION_ADDRESS_FIELDS as readonly string[]).includes(field) ? ADDRESS_MESSAGE : COVERAGE_MESSAGE;
  }
  return problems;
}
