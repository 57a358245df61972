import type { CoverageResult, FormFields } from '@checkout/contract';

/** Nothing can be sold at the address: no available service, no technology or no offer (→ request an offer). */
export const isNoCoverage = (result: CoverageResult): boolean =>
  !result.services.some((s) => s.available) || result.suggested_technology === null || result.offer_ids.length === 0;

/** The form fields a coverage result fills (SPEC §3 "Coverage results" and order context). */
export const coverageFields = (result: CoverageResult): Partial<FormFields> => ({
  services_coverage: result.services,
  suggested_technology: result.suggested_technology ?? '',
  technology: result.suggested_technology ?? '',
  openfiber_cluster: result.openfiber_cluster ?? '',
  cluster: result.openfiber_cluster ?? '',
});

export const OPEN_FIBER_NETWORK = 'Open Fiber';

/** persistent.hasOpenFiber: the address is served by an available Open Fiber line. */
export const hasOpenFiber = (result: CoverageResult): boolean =>
  result.services.some((s) => s.available && s.network === OPEN_FIBER_NETWORK);

/** An address field set emptied (the comune stays when `keepComune`). */
export const clearedAddress = (keepComune: boolean): Partial<FormFields> => ({
  address: '', number: '', zip_code: '', id_egon_civico: '', id_building: '',
  ...(keepComune ? {} : { city: '', province: '', id_comune: '' }),
});

export const NO_COVERAGE_PATH = '/attiva/richiedi-offerta/no-coverage';
export const ADDRESS_NOT_FOUND_PATH = '/attiva/richiedi-offerta/address-not-found';

export const offerPath = (promo: string): string => (promo ? `/attiva/offerta/${encodeURIComponent(promo)}` : '/attiva/offerta');
