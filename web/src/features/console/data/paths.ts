import type { ReferenceFileKind } from '@checkout/contract/console/schemas-data';

/** The reference-file page of each kind, under /console. */
export const REFERENCE_SEGMENT: Record<ReferenceFileKind, string> = { coverage: 'dati/copertura', ateco: 'dati/ateco' };
export const referencePath = (kind: ReferenceFileKind, jobId?: string): string =>
  `/console/${REFERENCE_SEGMENT[kind]}${jobId ? `?job=${encodeURIComponent(jobId)}` : ''}`;
export const PRIVACY_SEGMENT = 'privacy';
export const PRIVACY_PATH = `/console/${PRIVACY_SEGMENT}`;
