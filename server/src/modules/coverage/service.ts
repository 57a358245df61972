import type { AddressCoverage, AddressHit, buildingInfoSchema, CoverageResult, ServiceCoverage } from '@checkout/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { notFound } from '../../http/errors';
import { offersForCoverage } from '../catalog';
import {
  findAddress, findBuilding, listBuildingAddresses, listServices, searchAddressRows,
} from './repository';
import type { AddressHitRow, AddressRow, SearchColumn, ServiceRow } from './repository';
import { parseAddressQuery } from './street-search';

export type Technology = ServiceCoverage['technology'];
export type CustomerType = 'privato' | 'business';
export type BuildingInfo = z.input<typeof buildingInfoSchema>;

export const ADDRESS_SEARCH_LIMIT = 20;
export const OPEN_FIBER = 'Open Fiber';

/** Preference when several technologies are available: fibre to the home, then to the cabinet, then wireless. */
export const TECHNOLOGY_RANK: Readonly<Record<Technology, number>> = { FTTH: 0, FTTC: 1, FWA: 2 };

export const addressNotFound = () => notFound('Indirizzo non trovato');
export const buildingNotFound = () => notFound('Edificio non trovato');

export function toAddressHit(row: AddressHitRow): AddressHit {
  const street = `${row.street_type} ${row.street_name}`;
  return {
    id_egon_civico: row.id_egon_civico,
    id_building: row.id_building,
    street,
    number: row.number,
    zip_code: row.zip_code,
    id_comune: row.id_comune,
    city: row.city,
    province: row.province,
    label: `${street} ${row.number}, ${row.zip_code} ${row.city} (${row.province})`,
  };
}

const toServiceCoverage = (row: ServiceRow): ServiceCoverage => ({
  technology: row.technology,
  network: row.network,
  max_download: row.max_download,
  max_upload: row.max_upload,
  cabinet_distance: row.cabinet_distance,
  available: row.available === 1,
});

/** Available first, then FTTH > FTTC > FWA, then the fastest, then by network name (stable output). */
export const compareServices = (a: ServiceCoverage, b: ServiceCoverage): number =>
  Number(b.available) - Number(a.available)
  || TECHNOLOGY_RANK[a.technology] - TECHNOLOGY_RANK[b.technology]
  || b.max_download - a.max_download
  || a.network.localeCompare(b.network);

/** The technology to propose: the best available one (FTTH > FTTC > FWA); null when nothing is available. */
export const suggestedTechnology = (services: readonly ServiceCoverage[]): Technology | null =>
  [...services].filter((s) => s.available).sort(compareServices)[0]?.technology ?? null;

export interface AddressSearchInput { address: string; id_comune: string }

/**
 * list-address-advanced: up to 20 civic numbers of a comune whose street starts with the typed words,
 * ordered by street, then civic number (numeric part first). See street-search.ts for the matching rules.
 */
export async function searchAddresses(db: Db, input: AddressSearchInput): Promise<AddressHit[]> {
  const query = parseAddressQuery(input.address);
  if (query.street === '') return [];
  const search = {
    id_comune: input.id_comune, column: query.typed_type ? 'street_search' : 'street_name_search' as SearchColumn,
    prefix: query.street, number: query.number, limit: ADDRESS_SEARCH_LIMIT,
  };
  let rows = await searchAddressRows(db, search);
  // `via garibaldi` when the street is Corso Garibaldi: the typed type word was wrong, the name is right.
  if (rows.length === 0 && query.typed_type && query.name_only !== '') {
    rows = await searchAddressRows(db, { ...search, column: 'street_name_search', prefix: query.name_only });
  }
  return rows.map(toAddressHit);
}

/** get-services-by-identifier: every service row at the address (available or not), best first. */
export async function servicesAt(db: Db, idEgonCivico: string): Promise<ServiceCoverage[]> {
  const address = await findAddress(db, idEgonCivico);
  if (!address) throw addressNotFound();
  return (await listServices(db, idEgonCivico)).map(toServiceCoverage).sort(compareServices);
}

/** The Open Fiber cluster of the address's building; null for a building of another network, or none. */
async function openFiberClusterOf(db: Db, address: Pick<AddressRow, 'id_building'>): Promise<string | null> {
  const building = address.id_building ? await findBuilding(db, address.id_building) : undefined;
  return building && building.network === OPEN_FIBER ? building.cluster : null;
}

export type OrderCoverage = AddressCoverage;

/**
 * The coverage record of an order's address (contract AddressCoverage): the address as the record names
 * it, every service row there (best first), the suggested technology and its building's Open Fiber
 * cluster (where area-limited offers are sold). Null when the coverage data does not know the address.
 */
export async function orderCoverageAt(db: Db, idEgonCivico: string): Promise<OrderCoverage | null> {
  const address = idEgonCivico === '' ? undefined : await findAddress(db, idEgonCivico);
  if (!address) return null;
  const services = (await listServices(db, idEgonCivico)).map(toServiceCoverage).sort(compareServices);
  return {
    address: toAddressHit(address), services, suggestedTechnology: suggestedTechnology(services),
    openfiberCluster: await openFiberClusterOf(db, address),
  };
}

/**
 * services (and address-preview): the address, its services, the suggested technology, the Open Fiber
 * cluster of its building (only when the building is on the Open Fiber network) and the offers the
 * catalogue sells there to this customer type. Nothing available → no offers (the visitor is sent to
 * the request-an-offer page).
 */
export async function coverageAt(db: Db, idEgonCivico: string, customerType: CustomerType): Promise<CoverageResult> {
  const address = await findAddress(db, idEgonCivico);
  if (!address) throw addressNotFound();
  const services = (await listServices(db, idEgonCivico)).map(toServiceCoverage).sort(compareServices);
  const openfiberCluster = await openFiberClusterOf(db, address);
  const technologies = [...new Set(services.filter((s) => s.available).map((s) => s.technology))];
  const offerIds = technologies.length === 0
    ? []
    : await offersForCoverage(db, { technologies, customerType, cluster: openfiberCluster, services });
  return {
    address: toAddressHit(address),
    services,
    suggested_technology: suggestedTechnology(services),
    openfiber_cluster: openfiberCluster,
    offer_ids: offerIds,
  };
}

/**
 * get-id-building-info (any network) and get-info-from-id-building-of (`openFiberOnly`: a building of
 * another network answers 404 like an unknown one).
 */
export async function buildingInfo(db: Db, idBuilding: string, options: { openFiberOnly?: boolean } = {}): Promise<BuildingInfo> {
  const building = await findBuilding(db, idBuilding);
  if (!building || (options.openFiberOnly && building.network !== OPEN_FIBER)) throw buildingNotFound();
  const addresses = await listBuildingAddresses(db, idBuilding);
  return {
    id_building: building.id_building,
    network: building.network,
    cluster: building.cluster,
    status: building.status,
    addresses: addresses.map(toAddressHit),
  };
}
