import { z } from 'zod';
import { italianErrorMap } from '../../http/errors';
import { getComune } from '../reference';
import type { DemoAddress } from './demo-generator';
import type { NewAddress, NewBuilding, NewService } from './repository';
import { canonicalCivic, streetKeys } from './street-search';

/** The columns of a coverage file (docs/coverage-import.md), in the order the generator writes them. */
export const REQUIRED_COLUMNS = [
  'id_egon_civico', 'id_building', 'street_type', 'street_name', 'number', 'id_comune', 'city', 'province',
  'zip_code', 'technology', 'network', 'max_download', 'max_upload', 'cabinet_distance', 'available',
  'building_cluster', 'building_status',
] as const;
export const OPTIONAL_COLUMNS = ['building_network'] as const;
export const ALL_COLUMNS = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS] as const;
export type CoverageColumn = (typeof ALL_COLUMNS)[number];

export const DEFAULT_BUILDING_NETWORK = 'Open Fiber';

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).transform((v) => (v === '' ? null : v));
const optionalInt = z.string().trim()
  .refine((v) => v === '' || /^\d{1,7}$/.test(v), 'Numero intero non negativo atteso.')
  .transform((v) => (v === '' ? null : Number(v)));
const AVAILABLE: Readonly<Record<string, number>> = { '1': 1, '0': 0, true: 1, false: 0, si: 1, sì: 1, no: 0 };

const rowSchema = z.object({
  id_egon_civico: z.string().trim().regex(/^[A-Za-z0-9_-]{1,50}$/, 'Identificativo mancante o non valido (lettere, cifre, - e _; al massimo 50).'),
  id_building: optionalText(50).refine((v) => v === null || /^[A-Za-z0-9_-]+$/.test(v), 'Identificativo edificio non valido.'),
  street_type: text(30),
  street_name: text(100),
  number: z.string().trim().transform((v, ctx) => {
    const civic = canonicalCivic(v);
    if (!civic) { ctx.addIssue({ code: 'custom', message: 'Numero civico non valido (es. 12, 12A, 12/B).' }); return z.NEVER; }
    return civic;
  }),
  id_comune: z.string().trim().regex(/^\d{6}$/, 'Codice ISTAT di 6 cifre atteso.'),
  city: text(100),
  province: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Sigla di provincia di 2 lettere attesa.'),
  zip_code: z.string().trim().regex(/^\d{5}$/, 'CAP di 5 cifre atteso.'),
  technology: z.string().trim().toUpperCase().pipe(z.enum(['', 'FTTH', 'FTTC', 'FWA'], 'Tecnologia non ammessa: FTTH, FTTC, FWA o vuoto.')),
  network: optionalText(50),
  max_download: optionalInt,
  max_upload: optionalInt,
  cabinet_distance: optionalInt,
  available: z.string().trim().toLowerCase().refine((v) => v === '' || v in AVAILABLE, 'Disponibilità non valida: 1/0, true/false, si/no.')
    .transform((v) => (v === '' ? null : (AVAILABLE[v] as number))),
  building_cluster: z.string().trim().toUpperCase().refine((v) => /^[A-D]?$/.test(v), 'Cluster non valido: A, B, C, D o vuoto.')
    .transform((v) => (v === '' ? null : v)),
  building_status: z.string().trim().toLowerCase().refine((v) => /^[a-z_]{0,20}$/.test(v), 'Stato edificio non valido (es. active, planned).')
    .transform((v) => (v === '' ? null : v)),
  building_network: optionalText(50).default(null),
}).superRefine((row, ctx) => {
  const comune = getComune(row.id_comune);
  if (!comune) ctx.addIssue({ code: 'custom', path: ['id_comune'], message: 'Comune sconosciuto per questo codice ISTAT.' });
  else if (comune.province !== row.province) ctx.addIssue({ code: 'custom', path: ['province'], message: `La provincia del comune ${row.id_comune} è ${comune.province}.` });
  if (row.technology !== '') {
    for (const field of ['network', 'max_download', 'max_upload', 'available'] as const) {
      if (row[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'Campo obbligatorio quando la tecnologia è indicata.' });
    }
  }
  if (row.id_building === null && (row.building_cluster !== null || row.building_status !== null || row.building_network !== null)) {
    ctx.addIssue({ code: 'custom', path: ['id_building'], message: 'Dati dell\'edificio senza id_building.' });
  }
});

export interface CoverageRecord {
  address: NewAddress;
  building: NewBuilding | null;
  /** Null for an address without any technology (no coverage). */
  service: NewService | null;
}

export type RowResult = { ok: true; record: CoverageRecord } | { ok: false; errors: string[] };

/** One CSV record (column → raw text) to the rows it writes, or the Italian reasons it is refused. */
export function parseCoverageRecord(raw: Record<string, string>): RowResult {
  const parsed = rowSchema.safeParse(raw, { error: italianErrorMap });
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'riga'}: ${i.message}`) };
  }
  const r = parsed.data;
  const address: NewAddress = {
    id_egon_civico: r.id_egon_civico,
    id_building: r.id_building,
    street_type: r.street_type,
    street_name: r.street_name,
    ...streetKeys(r.street_type, r.street_name),
    number: r.number.number,
    number_num: r.number.number_num,
    id_comune: r.id_comune,
    city: r.city,
    province: r.province,
    zip_code: r.zip_code,
  };
  const building: NewBuilding | null = r.id_building === null ? null : {
    id_building: r.id_building,
    network: r.building_network ?? DEFAULT_BUILDING_NETWORK,
    cluster: r.building_cluster,
    status: r.building_status ?? 'active',
  };
  const service: NewService | null = r.technology === '' ? null : {
    id_egon_civico: r.id_egon_civico,
    technology: r.technology,
    network: r.network as string,
    max_download: r.max_download as number,
    max_upload: r.max_upload as number,
    cabinet_distance: r.cabinet_distance,
    available: r.available as number,
  };
  return { ok: true, record: { address, building, service } };
}

/** The CSV rows of one demo address (the generate-coverage-csv command): one per service, or one without technology. */
export function demoCsvRecords(demo: DemoAddress): Array<Record<CoverageColumn, string | number | null>> {
  const a = demo.address;
  const base = {
    id_egon_civico: a.id_egon_civico, id_building: a.id_building ?? '', street_type: a.street_type, street_name: a.street_name,
    number: a.number, id_comune: a.id_comune, city: a.city, province: a.province, zip_code: a.zip_code,
    building_cluster: demo.building?.cluster ?? '', building_status: demo.building?.status ?? '', building_network: demo.building?.network ?? '',
  };
  const none = { technology: '', network: '', max_download: '', max_upload: '', cabinet_distance: '', available: '' };
  if (demo.services.length === 0) return [{ ...base, ...none }];
  return demo.services.map((s) => ({
    ...base, technology: s.technology, network: s.network, max_download: s.max_download, max_upload: s.max_upload,
    cabinet_distance: s.cabinet_distance ?? '', available: s.available,
  }));
}
