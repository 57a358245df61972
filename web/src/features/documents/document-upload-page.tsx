import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH } from '@checkout/contract';
import { isApiError } from '@checkout/contract/api/client';
import { FormFileUpload, type AttachmentRef } from '../../components/form-file-upload';
import { apiErrorMessage } from '../../lib/api-error-message';
import { getApiClient } from '../../lib/api-client';
import { looksLikeOrderHash } from '../../lib/order-hash';
import { uploadDocumentWithProgress, type MediaKind } from '../../lib/upload-with-progress';
import { useCheckoutStore } from '../../state/checkout-store';
import '../../components/form-kit.css';

/** The upload answered that the order does not exist (404 on the order, not on a media). */
const isUnknownOrder = (error: unknown): boolean => isApiError(error) && error.status === 404;

/** This browser's checkout is the same order: its list is shown and kept in step with the page. */
const sameOrder = (hash: string): boolean => useCheckoutStore.getState().persistent.currentOrderData.hash === hash;

function UnknownCode() {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="upload-title" data-testid="upload-unknown-code">
      <h1 id="upload-title">{t('pages.documentUpload.title')}</h1>
      <div className="alert alert-warning" role="alert">
        <p className="fw-bold mb-1">{t('docUpload.unknownTitle')}</p>
        <p className="mb-0">{t('docUpload.unknownText')}</p>
      </div>
      <Link to={COVERAGE_PATH} className="btn btn-outline-primary">{t('docUpload.home')}</Link>
    </section>
  );
}

/** SPEC §2 document upload for an existing order (the code is the order hash): same rules as step 5. */
export default function DocumentUploadPage() {
  const { t } = useTranslation();
  const { ordercode = '' } = useParams();
  const [items, setItems] = useState<AttachmentRef[]>(() => (sameOrder(ordercode) ? useCheckoutStore.getState().fields.attachments : []));
  const [unknown, setUnknown] = useState(() => !looksLikeOrderHash(ordercode));

  if (unknown) return <UnknownCode />;

  const save = (next: AttachmentRef[]) => {
    setItems(next);
    if (sameOrder(ordercode)) {
      const healthCards = next.filter((a) => a.kind === 'health_card');
      useCheckoutStore.getState().setFields({ attachments: next, health_card_attachment: healthCards[healthCards.length - 1] ?? null });
    }
  };

  const uploader = (kind: MediaKind, label: string, listLabel: string) => (
    <FormFileUpload
      label={label}
      listLabel={listLabel}
      hint={t('docUpload.hint')}
      items={items.filter((a) => a.kind === kind)}
      upload={async (file, onProgress) => {
        try {
          const media = await uploadDocumentWithProgress({ orderHash: ordercode, kind, file, onProgress });
          return { id: media.id, kind: media.kind, filename: media.filename, size: media.size };
        } catch (error) {
          if (isUnknownOrder(error)) setUnknown(true);
          throw error;
        }
      }}
      remove={async (item) => { await getApiClient().deleteMedia({ id: item.id }, { order_id: ordercode }); }}
      onChange={(next) => save([...items.filter((a) => a.kind !== kind), ...next])}
      errorMessage={(error) => apiErrorMessage(t, error)}
    />
  );

  return (
    <section className="page-section row" aria-labelledby="upload-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="upload-title">{t('pages.documentUpload.title')}</h1>
        <p className="lead">{t('docUpload.lead')}</p>
        <div className="form-section pb-3">
          <h2>{t('docUpload.identity')}</h2>
          {uploader('identity_document', t('docUpload.uploadIdentity'), t('docUpload.identityList'))}
        </div>
        <div className="form-section pb-3">
          <h2>{t('docUpload.healthCard')}</h2>
          {uploader('health_card', t('docUpload.uploadHealthCard'), t('docUpload.healthCardList'))}
        </div>
        {items.length > 0 && (
          <div className="alert alert-success" data-testid="upload-received">{t('docUpload.received', { count: items.length })}</div>
        )}
      </div>
    </section>
  );
}
