import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import type { TrackingDetails, TrackingDocument } from '@checkout/contract';
import { toUiError } from '../../lib/ui-error';
import { downloadTrackingDocument } from './api/tracking-api';

/** Hands a downloaded file to the browser under its name. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The order's documents, each a button that downloads its PDF with the access token; progress and the
 * outcome in a live region, a failure in an alert.
 */
export function TrackingDocuments({ token, documents, onAccessEnded }: {
  token: string; documents: TrackingDetails['documents']; onAccessEnded: (error: unknown) => boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState<TrackingDocument | null>(null);
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (item: TrackingDetails['documents'][number]) => {
    setBusy(item.document);
    setFailure(null);
    setSaid(t('tracking.downloading', { label: item.label }));
    try {
      saveFile(await downloadTrackingDocument(token, item.document), item.filename);
      setSaid(t('tracking.downloaded', { label: item.label }));
    } catch (error) {
      setSaid('');
      if (!onAccessEnded(error)) setFailure(toUiError(error, t).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="form-section" aria-labelledby={titleId} data-testid="tracking-documents">
      <h2 id={titleId}>{t('tracking.documentsTitle')}</h2>
      {documents.length === 0 ? <p>{t('tracking.documentsNone')}</p> : (
        <ul className="tracking-documents">
          {documents.map((item) => (
            <li key={item.document}>
              <span className="tracking-document-name">{item.label}</span>
              <button
                type="button" className="btn btn-outline-primary" disabled={busy !== null} aria-busy={busy === item.document || undefined}
                onClick={() => void download(item)}
              >
                {busy === item.document && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                {t('tracking.download')}<span className="visually-hidden"> {item.label}</span> (PDF)
              </button>
            </li>
          ))}
        </ul>
      )}
      {failure && <div className="alert alert-danger" role="alert">{failure}</div>}
      <p role="status" className="small text-body-secondary" data-testid="tracking-documents-status">{said}</p>
    </section>
  );
}
