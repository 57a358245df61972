import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH, neededDocuments, type KnownUpload } from '@checkout/contract';
import { FormFileUpload, type AttachmentRef } from '../../components/form-file-upload';
import { statusOf, toUiError } from '../../lib/ui-error';
import { looksLikeUploadRef } from '../../lib/order-hash';
import { useDeleteMedia, useDocumentUpload, type MediaKind } from '../../lib/document-queries';
import { useCheckoutStore } from '../../state/checkout-store';
import { useOrderDocuments } from './api/use-order-documents';
import '../../components/form-kit.css';
import './document-upload-page.css';

/** The upload answered that the order does not exist (404 on the order, not on a media). */
const isUnknownOrder = (error: unknown): boolean => statusOf(error) === 404;

/** The tracking page's upload link has expired (410): the page says where to get a new one. */
const isExpiredLink = (error: unknown): boolean => statusOf(error) === 410;

/** A code that opens nothing, or a link past its time: why, and where to go on. */
function NoUpload({ testId, title, text, to, action, primary }: { testId: string; title: string; text: string; to: string; action: string; primary: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="upload-title" data-testid={testId}>
      <h1 id="upload-title">{t('pages.documentUpload.title')}</h1>
      <div className="alert alert-warning" role="alert">
        <p className="fw-bold mb-1">{title}</p>
        <p className="mb-0">{text}</p>
      </div>
      <Link to={to} className={`btn ${primary ? 'btn-primary' : 'btn-outline-primary'}`}>{action}</Link>
    </section>
  );
}

/** This browser's checkout is the same order: its list is shown and kept in step with the page. */
const sameOrder = (hash: string): boolean => useCheckoutStore.getState().persistent.currentOrderData.hash === hash;

/** The checklist of what the order still needs, with a sentence kept up to date for screen readers. */
function NeededDocuments({ uploads, knowsEarlierUploads, checking }: { uploads: readonly KnownUpload[]; knowsEarlierUploads: boolean; checking: boolean }) {
  const { t } = useTranslation();
  if (checking) {
    return (
      <section className="form-section pb-3" aria-labelledby="needed-title" data-testid="upload-needed">
        <h2 id="needed-title">{t('docUpload.neededTitle')}</h2>
        <p className="mb-2" role="status">{t('docUpload.checking')}</p>
      </section>
    );
  }
  const items = neededDocuments(uploads);
  const missing = items.filter((i) => !i.done).map((i) => t(`docUpload.need.${i.need}`).toLocaleLowerCase('it'));
  return (
    <section className="form-section pb-3" aria-labelledby="needed-title" data-testid="upload-needed">
      <h2 id="needed-title">{t('docUpload.neededTitle')}</h2>
      <ul className="needed-list" aria-labelledby="needed-title">
        {items.map(({ need, done }) => (
          <li key={need} className={done ? 'is-done' : undefined}>
            <span className="needed-mark" aria-hidden="true">{done ? '✓' : '○'}</span>
            <span className="needed-name">{t(`docUpload.need.${need}`)}</span>
            <span className={`needed-state ${done ? 'text-success' : 'text-body-secondary'}`}>
              <span className="visually-hidden">: </span>{t(done ? 'docUpload.needDone' : 'docUpload.needMissing')}
            </span>
          </li>
        ))}
      </ul>
      <p className="fw-bold mb-2" role="status" aria-live="polite" data-testid="upload-missing">
        {missing.length === 0 ? t('docUpload.noneMissing') : t('docUpload.missing', { list: listFormat.format(missing) })}
      </p>
      {!knowsEarlierUploads && <p className="form-text mt-0">{t('docUpload.earlierUploads')}</p>}
    </section>
  );
}

const listFormat = new Intl.ListFormat('it', { type: 'conjunction' });

/**
 * SPEC §2 document upload for an existing order (the code is the order hash): same rules as step 5, and
 * open after the signature too (the health card, replacements, rejected documents): the server takes documents until the
 * order is closed, and its refusal (a cancelled order) is shown under the upload button.
 */
export default function DocumentUploadPage() {
  const { t } = useTranslation();
  const { ordercode = '' } = useParams();
  // The server's list is the truth (any device may have uploaded); this browser's checkout list shows until it arrives.
  const onFile = useOrderDocuments(ordercode);
  const uploadDocument = useDocumentUpload();
  const deleteMedia = useDeleteMedia();
  const [knowsEarlierUploads, setKnowsEarlierUploads] = useState(() => sameOrder(ordercode));
  const [items, setItems] = useState<AttachmentRef[]>(() => (sameOrder(ordercode) ? useCheckoutStore.getState().fields.attachments : []));
  // The type the server found in each file (a PDF counts as both sides of the identity document).
  const [mimes, setMimes] = useState<Record<string, string>>({});
  const [unknown, setUnknown] = useState(() => !looksLikeUploadRef(ordercode));

  useEffect(() => {
    if (onFile.data) {
      setItems(onFile.data.medias.map((m) => ({ id: m.id, kind: m.kind, filename: m.filename, size: m.size })));
      setMimes(Object.fromEntries(onFile.data.medias.map((m) => [m.id, m.mime])));
      setKnowsEarlierUploads(true);
    } else if (isUnknownOrder(onFile.error)) {
      setUnknown(true);
    }
  }, [onFile.data, onFile.error]);

  if (unknown) {
    return <NoUpload testId="upload-unknown-code" title={t('docUpload.unknownTitle')} text={t('docUpload.unknownText')} to={COVERAGE_PATH} action={t('docUpload.home')} primary={false} />;
  }
  if (isExpiredLink(onFile.error)) {
    return <NoUpload testId="upload-link-expired" title={t('docUpload.expiredTitle')} text={t('docUpload.expiredText')} to="/ordine" action={t('docUpload.expiredLink')} primary />;
  }
  const closed = onFile.data?.accepts_documents === false;

  const save = (next: AttachmentRef[]) => {
    setItems(next);
    if (sameOrder(ordercode)) {
      const healthCards = next.filter((a) => a.kind === 'health_card');
      useCheckoutStore.getState().setFields({ attachments: next, health_card_attachment: healthCards[healthCards.length - 1] ?? null });
    }
  };

  const uploader = (kind: MediaKind, label: string, listLabel: string, hint: string) => (
    <FormFileUpload
      label={label}
      listLabel={listLabel}
      hint={hint}
      items={items.filter((a) => a.kind === kind)}
      upload={async (file, onProgress) => {
        try {
          const media = await uploadDocument.mutateAsync({ orderHash: ordercode, kind, file, onProgress });
          setMimes((m) => ({ ...m, [media.id]: media.mime }));
          return { id: media.id, kind: media.kind, filename: media.filename, size: media.size };
        } catch (error) {
          if (isUnknownOrder(error)) setUnknown(true);
          throw error;
        }
      }}
      remove={async (item) => { await deleteMedia.mutateAsync({ id: item.id, orderHash: ordercode }); }}
      onChange={(next) => save([...items.filter((a) => a.kind !== kind), ...next])}
      errorMessage={(error) => toUiError(error, t).message}
    />
  );

  return (
    <section className="page-section row" aria-labelledby="upload-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="upload-title">{t('pages.documentUpload.title')}</h1>
        <p className="text-body-secondary small text-break mb-2" data-testid="upload-order-code">{t('docUpload.orderCode', { code: ordercode })}</p>
        <p className="lead">{t('docUpload.lead')}</p>
        <p>{t('docUpload.afterSigning')}</p>
        <NeededDocuments
          uploads={items.map((a) => ({ ...a, mime: mimes[a.id] }))} knowsEarlierUploads={knowsEarlierUploads} checking={onFile.isPending && !knowsEarlierUploads}
        />
        {closed ? (
          <div className="alert alert-warning" role="alert" data-testid="upload-closed">{t('docUpload.closed')}</div>
        ) : (
          <>
            <section className="form-section pb-3" aria-labelledby="upload-identity-title">
              <h2 id="upload-identity-title">{t('docUpload.identity')}</h2>
              {uploader('identity_document', t('docUpload.uploadIdentity'), t('docUpload.identityList'), t('docUpload.identityHint'))}
            </section>
            <section className="form-section pb-3" aria-labelledby="upload-health-title">
              <h2 id="upload-health-title">{t('docUpload.healthCard')}</h2>
              {uploader('health_card', t('docUpload.uploadHealthCard'), t('docUpload.healthCardList'), t('docUpload.hint'))}
            </section>
          </>
        )}
        {items.length > 0 && (
          <div className="alert alert-success" data-testid="upload-received">{t('docUpload.received', { count: items.length })}</div>
        )}
      </div>
    </section>
  );
}
