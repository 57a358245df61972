import { z } from 'zod';

/*
 * The console's reference files (coverage CSV, ISTAT ATECO CSV) and its privacy tools. Every string has a
 * maximum length; every list a maximum size.
 */

const id = z.string().trim().min(1).max(64);
/** Query strings arrive as text: '1'/'true' and '0'/'false'. */
const queryBool = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

// ---------------------------------------------------------------------------------------------
// Reference files

export const REFERENCE_FILE_KINDS = ['coverage', 'ateco'] as const;
export type ReferenceFileKind = (typeof REFERENCE_FILE_KINDS)[number];
export const REFERENCE_FILE_KIND_LABELS: Record<ReferenceFileKind, string> = {
  coverage: 'Copertura (CSV)',
  ateco: 'Codici ATECO (CSV ISTAT)',
};
/**
 * The largest file each kind accepts. A coverage file of a region is a few million rows (about 110 bytes
 * each); the whole request must also arrive within the server's REQUEST_TIMEOUT_MS (60 s by default), which
 * 300 MB meets from 50 Mbit/s up. Larger files: `npm run cli -- import-coverage`. The ISTAT ATECO list is
 * under 2 MB.
 */
export const REFERENCE_FILE_MAX_BYTES: Record<ReferenceFileKind, number> = {
  coverage: 300 * 1024 * 1024,
  ateco: 10 * 1024 * 1024,
};

export const REFERENCE_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReferenceJobStatus = (typeof REFERENCE_JOB_STATUSES)[number];
export const REFERENCE_JOB_STATUS_LABELS: Record<ReferenceJobStatus, string> = {
  queued: 'In coda',
  running: 'In corso',
  done: 'Completato',
  failed: 'Non riuscito',
};
/** A coverage import reads the file twice: it checks every row, then writes. */
export const REFERENCE_JOB_PHASES = ['check', 'write'] as const;
export const REFERENCE_JOB_PHASE_LABELS: Record<(typeof REFERENCE_JOB_PHASES)[number], string> = {
  check: 'Verifica delle righe',
  write: 'Scrittura nel database',
};
/** At most this many bad rows are listed (the CLI lists the same number); the total is always counted. */
export const REFERENCE_JOB_MAX_ROW_ERRORS = 1000;

/** The upload's query string; the request body is the file itself (`application/octet-stream` or `text/csv`). */
export const referenceUploadQuerySchema = z.object({
  kind: z.enum(REFERENCE_FILE_KINDS),
  filename: z.string().trim().min(1, 'Nome del file mancante').max(200),
  /** Import the good rows even when some are bad (the CLI's --skip-bad). */
  skip_bad: z.union([z.boolean(), queryBool]).default(false),
});
export type ReferenceUploadQuery = z.input<typeof referenceUploadQuerySchema>;

const tableCountsSchema = z.object({ inserted: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

export const referenceRowErrorSchema = z.object({ line: z.number().int(), errors: z.array(z.string().max(500)).max(20) });

export const referenceJobSchema = z.object({
  id,
  kind: z.enum(REFERENCE_FILE_KINDS),
  filename: z.string(),
  size_bytes: z.number().int(),
  skip_bad: z.boolean(),
  status: z.enum(REFERENCE_JOB_STATUSES),
  phase: z.enum(REFERENCE_JOB_PHASES).nullable(),
  /** 0..1 of the current phase, by bytes read. */
  progress: z.number().min(0).max(1),
  rows_read: z.number().int(),
  rows_good: z.number().int(),
  rows_bad: z.number().int(),
  /** Whether the database was changed (false: bad rows stopped the import before any write). Null while running. */
  applied: z.boolean().nullable(),
  /** Coverage: per table. Null for ATECO and while running. */
  counts: z.object({ addresses: tableCountsSchema, services: tableCountsSchema, buildings: tableCountsSchema }).nullable(),
  /** ATECO: codes imported. */
  imported: z.number().int().nullable(),
  /** The first REFERENCE_JOB_MAX_ROW_ERRORS bad rows, by line number (the header is line 1). */
  row_errors: z.array(referenceRowErrorSchema).max(REFERENCE_JOB_MAX_ROW_ERRORS),
  /** The report the CLI prints, line by line (Italian). */
  report: z.array(z.string()),
  /** Why a failed job failed (Italian). */
  message: z.string().nullable(),
  operator_email: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ReferenceJob = z.output<typeof referenceJobSchema>;

export const referenceJobListSchema = z.object({
  items: z.array(referenceJobSchema.omit({ row_errors: true, report: true })).max(50),
});

// ---------------------------------------------------------------------------------------------
// Privacy

/** A codice fiscale (16 characters, or a company's 11 digits) or an email address. */
export const privacySearchSchema = z.object({
  q: z.string().trim().min(3, 'Inserisci un codice fiscale o un indirizzo email').max(254),
});
export type PrivacySearch = z.input<typeof privacySearchSchema>;

export const PRIVACY_RESULT_MAX = 200;

export const privacyOrderSchema = z.object({
  id,
  order_number: z.string(),
  status: z.string(),
  /** The status in Italian (checkout or workflow). */
  status_label: z.string(),
  customer_type: z.string(),
  customer_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  documents: z.number().int(),
  /** Whether the console may erase its personal data now; when not, `erase_refusal` says why. */
  erasable: z.boolean(),
  erase_refusal: z.string().nullable(),
});
export const privacyLeadSchema = z.object({ id, created_at: z.string(), delivery_status: z.string() });
export const privacyMobileOrderSchema = z.object({ id, order_number: z.string(), status: z.string(), created_at: z.string() });

export const privacyResultSchema = z.object({
  /** The search as understood: a codice fiscale (upper case) or an email (lower case). */
  kind: z.enum(['fiscal_code', 'email']),
  value: z.string(),
  orders: z.array(privacyOrderSchema).max(PRIVACY_RESULT_MAX),
  leads: z.array(privacyLeadSchema).max(PRIVACY_RESULT_MAX),
  mobile_orders: z.array(privacyMobileOrderSchema).max(PRIVACY_RESULT_MAX),
});
export type PrivacyResult = z.output<typeof privacyResultSchema>;

export const eraseOrderSchema = z.object({
  /** The order number typed again by the operator, against a slip of the mouse. */
  confirm_order_number: z.string().trim().min(1, "Scrivi il numero dell'ordine per confermare").max(40),
});
export const eraseResultSchema = z.object({
  order_id: id,
  order_number: z.string(),
  /** Rows removed per table, and the files removed. */
  removed_rows: z.record(z.string(), z.number().int()),
  removed_files: z.boolean(),
});
