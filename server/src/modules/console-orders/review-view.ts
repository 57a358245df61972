import { DOCUMENT_REJECTION_REASON_CODES, REVIEW_CHECKS, reviewChecklistSchema } from '@checkout/contract';
import type { DocumentRejectionReason, ReviewChecklist, ReviewDetail } from '@checkout/contract';
import type { Selectable } from 'kysely';
import type { DocumentReviews } from '../../db/types';
import { DOCUMENT_NAMES } from './order-detail';

/*
 * The review screen's view of an order: the holder and the document as the customer declared them (the
 * contract's words, read from the order's fields), and the earlier decisions with their checklists.
 */

type Fields = Record<string, unknown>;

const str = (f: Fields, key: string, max: number): string | null => {
  const v = f[key];
  const s = typeof v === 'string' ? v.trim() : '';
  return s ? s.slice(0, max) : null;
};

/** A day as `AAAA-MM-GG`, from the stored ISO day or the form's `GG/MM/AAAA`; null when it is neither. */
export function isoDay(value: string | null): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

export const personOf = (f: Fields): ReviewDetail['person'] => ({
  first_name: str(f, 'first_name', 100),
  last_name: str(f, 'last_name', 100),
  company_name: str(f, 'ragione_sociale', 200),
  cf: str(f, 'cf', 16),
  birth_date: isoDay(str(f, 'birth_date', 10)),
});

export function declaredOf(f: Fields): ReviewDetail['declared'] {
  const type = str(f, 'document_type', 40);
  const place = [str(f, 'document_issue_comune', 100), str(f, 'document_issue_province', 10)].filter(Boolean);
  return {
    type,
    type_label: type ? (DOCUMENT_NAMES[type] ?? type).slice(0, 60) : null,
    number: str(f, 'document_number', 40),
    issuer: str(f, 'document_issuer', 200),
    issue_place: place.length ? `${place[0]}${place[1] ? ` (${place[1]})` : ''}`.slice(0, 200) : null,
    issue_date: isoDay(str(f, 'document_issue_date', 10)),
    expiry_date: isoDay(str(f, 'document_expiry_date', 10)),
  };
}

/** The ticks as stored: every check named, in the contract's order. */
export const checklistJson = (c: ReviewChecklist): string => JSON.stringify(Object.fromEntries(REVIEW_CHECKS.map((k) => [k, c[k]])));

/** A stored checklist, or null for a decision taken before checklists were kept (or a row that does not parse). */
export function parseChecklist(json: string | null): ReviewChecklist | null {
  if (json === null) return null;
  try {
    const parsed = reviewChecklistSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const isReason = (code: string | null): code is DocumentRejectionReason =>
  code !== null && (DOCUMENT_REJECTION_REASON_CODES as readonly string[]).includes(code);

/** One entry per decision: its rows (one per document it covered) share the operator and the instant. */
export function historyOf(reviews: ReadonlyArray<Selectable<DocumentReviews>>): ReviewDetail['history'] {
  const byDecision = new Map<string, ReviewDetail['history'][number]>();
  for (const r of reviews) {
    const key = `${r.at}|${r.operator_id}|${r.decision}`;
    const seen = byDecision.get(key);
    if (seen) { seen.files += 1; continue; }
    byDecision.set(key, {
      decision: r.decision, reason: isReason(r.reason_code) ? r.reason_code : null, note: r.note, operator_name: r.operator_name, at: r.at,
      files: 1, checklist: parseChecklist(r.checklist_json),
    });
  }
  return [...byDecision.values()];
}
