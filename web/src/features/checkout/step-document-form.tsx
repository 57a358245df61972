import { useTranslation } from '../../lib/translation';
import { useShallow } from 'zustand/react/shallow';
import { DOCUMENT_TYPES, identityShortfall, stepDocumentSchema, type BodyOf, type Comune } from '@checkout/contract';
import { useState, type FormEvent } from 'react';
import { FormComuneField } from '../../components/form-comune-field';
import { FormFileUpload, type AttachmentRef } from '../../components/form-file-upload';
import { FormDateField, FormField, FormSelect } from '../../components/form-field';
import { StepOrderReview } from '../../components/step-order-review';
import { toUiError } from '../../lib/ui-error';
import { useDeleteMedia, useDocumentUpload, type MediaKind } from '../../lib/document-queries';
import { useCheckoutStore } from '../../state/checkout-store';
import { currentOrderHash } from './checkout-order';
import { StepForm } from './step-form';
import { stepPath } from './step-guard';
import { useStepForm } from './use-step-form';
import { usePromo } from '../../lib/promo-queries';
import { useUpdateDocumentData } from './api/checkout-api';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const IDENTITY_UPLOAD_ID = 'identity-upload';

/** Uploads of one kind, kept in fields.attachments (the health card also in health_card_attachment). */
function DocumentUploads({ kind, label, listLabel, hint, fieldError = null, inputId }: {
  kind: MediaKind; label: string; listLabel: string; hint: string; fieldError?: string | null; inputId?: string;
}) {
  const { t } = useTranslation();
  const attachments = useCheckoutStore((s) => s.fields.attachments);
  const setFields = useCheckoutStore((s) => s.setFields);
  const items = attachments.filter((a) => a.kind === kind);
  const uploadDocument = useDocumentUpload();
  const deleteMedia = useDeleteMedia();
  const onChange = (next: AttachmentRef[]) => {
    const all = [...useCheckoutStore.getState().fields.attachments.filter((a) => a.kind !== kind), ...next];
    setFields({
      attachments: all,
      ...(kind === 'health_card' ? { health_card_attachment: next[next.length - 1] ?? null } : {}),
    });
  };
  return (
    <FormFileUpload
      label={label}
      listLabel={listLabel}
      hint={hint}
      items={items}
      upload={async (file, onProgress) => {
        const media = await uploadDocument.mutateAsync({ orderHash: currentOrderHash(), kind, file, onProgress });
        return { id: media.id, kind: media.kind, filename: media.filename, size: media.size };
      }}
      remove={async (item) => {
        await deleteMedia.mutateAsync({ id: item.id, orderHash: currentOrderHash() });
      }}
      onChange={onChange}
      errorMessage={(error) => toUiError(error, t).message}
      fieldError={fieldError}
      {...(inputId ? { inputId } : {})}
    />
  );
}

/** Step 5: identity document data and copies, then the whole order to check before signing. */
export function StepDocumentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const updateDocumentData = useUpdateDocumentData();
  const step = useStepForm({ schema: stepDocumentSchema });
  const { form, errorOf } = step;
  const { register, setValue, watch, getValues } = form;
  const validateLater = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const review = useCheckoutStore(useShallow((s) => ({ offer: s.offer, fields: s.fields, variants: s.optionExtras.additionalVariants })));
  const { promo } = usePromo();
  // The signing code is sent only once the identity document is on file (the server's same rule):
  // after a first try to continue, what is missing shows next to the upload until it is there.
  const [identityAsked, setIdentityAsked] = useState(false);
  const documentType = DOCUMENT_TYPES.find((d) => d === watch('document_type'));
  const identityMissing = identityShortfall(review.fields.attachments, documentType);
  const identityError = identityAsked && identityMissing ? t(`checkout.document.${identityMissing === 'identity_front' ? 'identityMissing' : 'identityBackMissing'}`) : null;

  const chooseComune = (c: Comune) => {
    setValue('document_issue_comune', c.name, validateLater);
    setValue('document_issue_province', c.province, validateLater);
    if (!str(getValues('document_issuer'))) setValue('document_issuer', `Comune di ${c.name}`, validateLater);
  };

  const submitValid = step.submitWith(async (values) => {
    if (identityShortfall(useCheckoutStore.getState().fields.attachments, DOCUMENT_TYPES.find((d) => d === values.document_type))) {
      document.getElementById(`${IDENTITY_UPLOAD_ID}-file`)?.focus();
      return;
    }
    // update-document-data applies exactly the step-document rules and counts as its submission (docs/orders.md).
    const ref = await updateDocumentData.mutateAsync({ hash: currentOrderHash(), body: values as BodyOf<'updateDocumentData'> });
    useCheckoutStore.getState().setOrder(ref);
    if (ref.status !== 'ready_to_sign') {
      step.setFailure(t('checkout.document.notReady'));
      return;
    }
    onDone();
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setIdentityAsked(true);
    return submitValid(event);
  };

  return (
    <StepForm step={step} onSubmit={onSubmit} backTo={stepPath(4)} continueLabel={t('checkout.document.toSignature')}>
      <fieldset className="form-section">
        <legend>{t('checkout.document.identity')}</legend>
        <div className="row">
          <div className="col-sm-6">
            <FormSelect
              registration={register('document_type')}
              label={t('checkout.fields.document_type')}
              required
              placeholder={t('form.choose')}
              options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`review.documentTypes.${d}`) }))}
              error={errorOf('document_type')}
            />
          </div>
          <div className="col-sm-6">
            <FormField registration={register('document_number')} label={t('checkout.fields.document_number')} required autoComplete="off" inputClassName="text-uppercase" error={errorOf('document_number')} />
          </div>
        </div>
        <div className="row">
          <div className="col-sm-6">
            <FormDateField registration={register('document_issue_date')} label={t('checkout.fields.document_issue_date')} required hint={t('form.dateHint')} error={errorOf('document_issue_date')} />
          </div>
          <div className="col-sm-6">
            <FormDateField registration={register('document_expiry_date')} label={t('checkout.fields.document_expiry_date')} required hint={t('form.dateHint')} error={errorOf('document_expiry_date')} />
          </div>
        </div>
        <FormComuneField
          label={t('checkout.fields.document_issue_comune')}
          name="document_issue_comune"
          required
          value={str(watch('document_issue_comune'))}
          onInputChange={(text) => setValue('document_issue_comune', text, validateLater)}
          onSelect={chooseComune}
          error={errorOf('document_issue_comune')}
          inputRef={register('document_issue_comune').ref}
        />
        <div className="row">
          <div className="col-sm-8">
            <FormField registration={register('document_issuer')} label={t('checkout.fields.document_issuer')} required hint={t('checkout.document.issuerHint')} error={errorOf('document_issuer')} />
          </div>
          <div className="col-sm-4">
            <FormField registration={register('document_issue_province')} label={t('checkout.fields.document_issue_province')} required maxLength={2} inputClassName="text-uppercase" error={errorOf('document_issue_province')} />
          </div>
        </div>
      </fieldset>

      <section className="form-section" aria-labelledby="uploads-title">
        <h2 id="uploads-title">{t('checkout.document.uploads')}</h2>
        <p className="form-text mt-0">{t('checkout.document.uploadsText')}</p>
        <h3 className="h6 fw-bold mt-3">{t('checkout.document.identityCopy')}</h3>
        <DocumentUploads
          kind="identity_document" label={t('checkout.document.uploadIdentity')} listLabel={t('checkout.document.identityList')}
          hint={t(documentType === 'passaporto' ? 'checkout.document.uploadHintPassport' : 'checkout.document.uploadHintTwoSides')}
          fieldError={identityError} inputId={IDENTITY_UPLOAD_ID}
        />
        <h3 className="h6 fw-bold mt-3">{t('checkout.document.healthCard')}</h3>
        <DocumentUploads kind="health_card" label={t('checkout.document.uploadHealthCard')} listLabel={t('checkout.document.healthCardList')} hint={t('checkout.document.uploadHint')} />
      </section>

      <div className="form-section">
        <StepOrderReview offer={review.offer} fields={review.fields} additionalVariants={review.variants} promo={promo} />
      </div>
    </StepForm>
  );
}
