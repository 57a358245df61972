import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../lib/translation';
import { mnpCorrectionFormSchema, type MnpCorrectionForm, type MnpCorrectionFormInput } from '@checkout/contract';
import { FormErrorSummary, type SummaryError } from '../../components/form-error-summary';
import { FormField, FormSelect } from '../../components/form-field';
import { toUiError } from '../../lib/ui-error';
import { useCorrectMnpOrder, useMobileOperators, type MobileOrder } from './api/mobile-api';
import '../../components/form-kit.css';

type CorrectionInput = MnpCorrectionFormInput;
type Correction = MnpCorrectionForm;
const NAMES = ['donor_operator', 'number_to_port', 'old_iccid', 'holder_first_name', 'holder_last_name', 'holder_cf'] as const;

/** The porting data to correct, prefilled from the order; the server's field errors go next to their fields. */
export function CorrectionForm({ order, onDone, onCancel }: { order: MobileOrder; onDone: (next: MobileOrder) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const correct = useCorrectMnpOrder();
  const operators = useMobileOperators();
  const form = useForm<CorrectionInput, unknown, Correction>({
    resolver: zodResolver(mnpCorrectionFormSchema),
    defaultValues: {
      donor_operator: order.donor_operator ?? '', number_to_port: order.number_to_port ?? '', old_iccid: '',
      holder_first_name: order.holder_first_name ?? '', holder_last_name: order.holder_last_name ?? '', holder_cf: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, formState: { errors, isSubmitting, submitCount } } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusSummary, setFocusSummary] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (!focusSummary) return;
    summaryRef.current?.focus();
    setFocusSummary(false);
  }, [focusSummary]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        onDone(await correct.mutateAsync({ shortHash: order.short_hash, body: values }));
      } catch (error) {
        const fields = toUiError(error, t).fields;
        let mapped = false;
        for (const [name, message] of Object.entries(fields)) {
          if ((NAMES as readonly string[]).includes(name)) { form.setError(name as (typeof NAMES)[number], { type: 'server', message }); mapped = true; }
        }
        setFailure(mapped ? null : toUiError(error, t).message);
        setFocusSummary(true);
      }
    },
    () => { setFailure(null); setFocusSummary(true); },
  );

  const summary: SummaryError[] = submitCount > 0
    ? NAMES.flatMap((name) => { const m = errors[name]?.message; return m ? [{ name, message: m }] : []; })
    : [];

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="mnp-correct-title" data-testid="mnp-correction-form">
      <h2 id="mnp-correct-title" ref={heading} tabIndex={-1} className="h4">{t('mnpFlow.correctTitle')}</h2>
      <FormErrorSummary ref={summaryRef} errors={summary} message={failure} labelOf={(name) => t(`mnpFlow.fields.${name}`)} />
      <p className="form-text mb-3">{t('form.requiredNote')}</p>
      <fieldset className="form-section">
        <legend>{t('mnpFlow.numberSection')}</legend>
        {operators.data ? (
          <FormSelect
            registration={register('donor_operator')}
            label={t('mnpFlow.fields.donor_operator')}
            required
            placeholder={t('form.choose')}
            options={operators.data.map((o) => ({ value: o.id, label: o.name }))}
            error={errors.donor_operator?.message}
          />
        ) : operators.error ? (
          <p role="alert" className="text-danger">{toUiError(operators.error, t).message}</p>
        ) : (
          <p role="status" className="form-text">{t('mnpFlow.operatorsLoading')}</p>
        )}
        <FormField registration={register('number_to_port')} type="tel" label={t('mnpFlow.fields.number_to_port')} required inputMode="tel" autoComplete="tel" error={errors.number_to_port?.message} />
        <FormField registration={register('old_iccid')} label={t('mnpFlow.fields.old_iccid')} required inputMode="numeric" maxLength={24} autoComplete="off" hint={t('mnpFlow.iccidHint')} error={errors.old_iccid?.message} />
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('mnpFlow.holderSection')}</legend>
        <div className="row">
          <div className="col-sm-6">
            <FormField registration={register('holder_first_name')} label={t('mnpFlow.fields.holder_first_name')} required autoComplete="given-name" error={errors.holder_first_name?.message} />
          </div>
          <div className="col-sm-6">
            <FormField registration={register('holder_last_name')} label={t('mnpFlow.fields.holder_last_name')} required autoComplete="family-name" error={errors.holder_last_name?.message} />
          </div>
        </div>
        <FormField registration={register('holder_cf')} label={t('mnpFlow.fields.holder_cf')} required autoComplete="off" maxLength={16} inputClassName="text-uppercase" error={errors.holder_cf?.message} />
      </fieldset>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
          {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('mnpFlow.sendCorrection')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-lg" onClick={onCancel}>{t('mnpFlow.cancel')}</button>
      </div>
    </form>
  );
}

