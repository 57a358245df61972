import { useTranslation } from '../../lib/translation';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH } from '@checkout/contract';
import { FormErrorSummary } from '../../components/form-error-summary';
import { FormCheckbox, FormField, FormSelect } from '../../components/form-field';
import { statusOf, toUiError } from '../../lib/ui-error';
import { looksLikeOrderHash } from '../../lib/order-hash';
import { AskOrderCode } from './ask-order-code';
import { usePortabilityForm } from './use-portability-form';
import '../../components/form-kit.css';

function PortabilityForm({ ordercode }: { ordercode: string }) {
  const { t } = useTranslation();
  const { form, local, onFile, operators, operatorReg, migrationStatus, failure, saved, summary, summaryRef, doneRef, portPhone, checkMigrationCode, onSubmit } = usePortabilityForm(ordercode);
  const { register, formState: { errors, isSubmitting } } = form;

  if (saved) {
    return (
      <div className="thank-you" data-testid="portability-saved">
        <h2 ref={doneRef} tabIndex={-1}>{t('portabilityFlow.savedTitle')}</h2>
        <p className="lead">{t('portabilityFlow.savedText')}</p>
        <Link to={COVERAGE_PATH} className="btn btn-outline-primary btn-lg">{t('portabilityFlow.home')}</Link>
      </div>
    );
  }


  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="portability-title">
      <FormErrorSummary ref={summaryRef} errors={summary} message={failure} labelOf={(name) => t(`portabilityFlow.fields.${name}`)} />
      <p className="form-text mb-3">{t('form.requiredNote')}</p>
      <p className="small text-body-secondary">{t('portabilityFlow.orderCode')} <strong className="text-break" data-testid="portability-order-code">{ordercode}</strong></p>
      {onFile.isPending && local === null && <p role="status" className="form-text" data-testid="portability-loading">{t('portabilityFlow.loadingOnFile')}</p>}
      {onFile.data && (onFile.data.portability_internet || onFile.data.portability_phone) && (
        <div className="alert alert-info" data-testid="portability-on-file">
          {t(onFile.data.status === 'signed' ? 'portabilityFlow.onFileSigned' : 'portabilityFlow.onFile')}
        </div>
      )}
      {statusOf(onFile.error) === 404 && <div className="alert alert-danger" role="alert">{t('portabilityFlow.orderNotFound')}</div>}
      <fieldset className="form-section">
        <legend>{t('portabilityFlow.what')}</legend>
        <FormCheckbox registration={register('portability_internet')} label={t('portabilityFlow.fields.portability_internet')} error={errors.portability_internet?.message} />
        {onFile.data?.has_voice_plan
          ? <FormCheckbox registration={register('portability_phone')} label={t('portabilityFlow.fields.portability_phone')} />
          : onFile.data && <p className="form-text mb-0" data-testid="portability-no-voice-plan">{t('portabilityFlow.noVoicePlan')}</p>}
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('portabilityFlow.data')}</legend>
        {operators.data ? (
          <FormSelect
            registration={operatorReg}
            label={t('portabilityFlow.fields.portability_operator')}
            required
            placeholder={t('form.choose')}
            options={operators.data.map((o) => ({ value: o.id, label: o.name }))}
            error={errors.portability_operator?.message}
          />
        ) : operators.error ? (
          <p role="alert" className="text-danger">{toUiError(operators.error, t).message}</p>
        ) : (
          <p role="status" className="form-text">{t('portabilityFlow.operatorsLoading')}</p>
        )}
        <FormField
          registration={register('portability_migration_code', { onBlur: () => void checkMigrationCode() })}
          label={t('portabilityFlow.fields.portability_migration_code')}
          required
          autoComplete="off"
          inputClassName="text-uppercase"
          hint={migrationStatus || t('portabilityFlow.migrationHint')}
          error={errors.portability_migration_code?.message}
        />
        {portPhone && (
          <FormField registration={register('portability_old_number')} type="tel" label={t('portabilityFlow.fields.portability_old_number')} required inputMode="tel" autoComplete="tel" error={errors.portability_old_number?.message} />
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
        {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('portabilityFlow.submit')}
      </button>
    </form>
  );
}

/** SPEC §2 number portability data of an existing order: operator, old number, migration code. */
export default function PortabilityPage() {
  const { t } = useTranslation();
  const { ordercode = '' } = useParams();
  const valid = looksLikeOrderHash(ordercode);
  return (
    <section className="page-section row" aria-labelledby="portability-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="portability-title">{t('pages.portability.title')}</h1>
        <p className="lead">{t('portabilityFlow.lead')}</p>
        {valid ? <PortabilityForm key={ordercode} ordercode={ordercode} /> : <AskOrderCode key={ordercode} invalid={ordercode !== ''} initial={ordercode} />}
      </div>
    </section>
  );
}
