/**
 * Table types of the whole database. Each module adds its tables here next to its migration.
 * Portable column types (DESIGN §6.5): text ids made in the app, integer cents, ISO-8601 text
 * timestamps, booleans as integers 0/1 mapped in the repositories.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Catalogue module: promo codes (the offers are a data file, not a table). */
export interface PromoCodesTable {
  /** Upper-case. */
  code: string;
  description: string;
  offer_id: number | null;
  customer_type: 'privato' | 'business';
  /** Comma-separated clusters (`C,D`); null: any. */
  clusters: string | null;
  recurrent_discount: number;
  cash_discount: number;
  /** `YYYY-MM-DD`, inclusive; null: open-ended. */
  valid_from: string | null;
  valid_until: string | null;
}

/** Coverage module: an Open Fiber (or FiberCop) building and its cluster. */
export interface BuildingsTable {
  id_building: string;
  /** e.g. `Open Fiber`, `FiberCop`. */
  network: string;
  /** Open Fiber cluster `A`..`D`; null when unknown or not Open Fiber. */
  cluster: string | null;
  /** e.g. `active`, `planned`. */
  status: string;
}

/** Coverage module: one civic number (Egon id). */
export interface AddressesTable {
  id_egon_civico: string;
  id_building: string | null;
  street_type: string;
  street_name: string;
  /** normaliseName(`${street_type} ${street_name}`): `via roma`. */
  street_search: string;
  /** normaliseName(street_name): `roma`. */
  street_name_search: string;
  /** Canonical civic number: digits and an upper-case suffix (`12`, `12A`, `7BIS`). */
  number: string;
  /** The numeric part of `number`, for ordering 2 before 10. */
  number_num: number;
  /** ISTAT code of the comune. */
  id_comune: string;
  city: string;
  province: string;
  zip_code: string;
}

/** Coverage module: a technology on a network at an address. */
export interface AddressServicesTable {
  id_egon_civico: string;
  technology: 'FTTH' | 'FTTC' | 'FWA';
  network: string;
  /** Mbit/s. */
  max_download: number;
  max_upload: number;
  /** Metres from the street cabinet (FTTC). */
  cabinet_distance: number | null;
  /** 0/1. */
  available: number;
}

/** The imported ISTAT ATECO list (reference module). */
export interface AtecoCodesTable {
  code: string;
  description: string;
  imported_at: string;
}

export interface Database {
  app_meta: AppMetaTable;
  promo_codes: PromoCodesTable;
  buildings: BuildingsTable;
  addresses: AddressesTable;
  address_services: AddressServicesTable;
  ateco_codes: AtecoCodesTable;
}
