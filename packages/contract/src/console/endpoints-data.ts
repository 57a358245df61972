import { z } from 'zod';
import { cep } from './define';
import {
  eraseOrderSchema, eraseResultSchema, privacyResultSchema, privacySearchSchema, referenceJobListSchema, referenceJobSchema,
  referenceUploadQuerySchema,
} from './schemas-data';

const empty = z.object({});

/** The console's calls for coverage and ATECO files and the privacy tools (defined with `cep` from define.ts). */
export const dataConsoleEndpoints = {
  // Reference files: the upload answers at once with a job; the import runs in the background.
  uploadReferenceFile: cep({
    method: 'POST', path: '/api/console/data/uploads', summary: 'Upload a coverage or ATECO file (the body is the file); answers the import job',
    access: 'reference.upload', request: referenceUploadQuerySchema, response: z.object({ job: referenceJobSchema }), upload: true,
  }),
  referenceJobs: cep({
    method: 'GET', path: '/api/console/data/uploads', summary: 'The latest import jobs',
    access: 'reference.upload', request: empty, response: referenceJobListSchema,
  }),
  referenceJob: cep({
    method: 'GET', path: '/api/console/data/uploads/{job_id}', summary: "An import job's progress and its row-level error report",
    access: 'reference.upload', request: empty, response: referenceJobSchema,
  }),

  // Privacy
  privacySearch: cep({
    method: 'GET', path: '/api/console/privacy/search', summary: 'A customer by codice fiscale or email: orders, leads, mobile orders',
    access: 'privacy.manage', request: privacySearchSchema, response: privacyResultSchema,
  }),
  privacyExport: cep({
    method: 'GET', path: '/api/console/privacy/export.zip', summary: "Everything held on the customer as JSON, with their documents (audited)",
    access: 'privacy.manage', request: privacySearchSchema, response: z.never(), file: true,
  }),
  privacyEraseOrder: cep({
    method: 'POST', path: '/api/console/privacy/orders/{order_id}/erase', summary: "Erase an unsigned order's personal data and files (audited); a signed one is refused with the reason",
    access: 'privacy.manage', request: eraseOrderSchema, response: eraseResultSchema,
  }),
} as const;
