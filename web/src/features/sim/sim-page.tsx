import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../lib/translation';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH, SIM_ACTIVATION_ERROR_CODES, simActivationFormSchema, type SimActivationForm } from '@checkout/contract';
import { FormErrorSummary, type SummaryError } from '../../components/form-error-summary';
import { FormField } from '../../components/form-field';
import { useActivateMobileOrder } from './api/sim-api';
import { simFailure, type SimFailure } from './sim-failure';
import '../../components/form-kit.css';

type SimValues = SimActivationForm;
const NAMES = ['order_number', 'iccid_last5'] as const;

/** SPEC §2 SIM activation: order number + last 5 ICCID digits → activate-mobile-order. */
export default function SimPage() {
  const { t } = useTranslation();
  const activate = useActivateMobileOrder();
  const { orderid = '' } = useParams();
  const form = useForm<SimValues>({
    resolver: zodResolver(simActivationFormSchema),
    defaultValues: { order_number: orderid, iccid_last5: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, formState: { errors, isSubmitting, submitCount } } = form;
  const [failure, setFailure] = useState<SimFailure | null>(null);
  const [done, setDone] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<'alert' | 'summary' | null>(null);

  useEffect(() => {
    if (focus === 'alert') alertRef.current?.focus();
    if (focus === 'summary') summaryRef.current?.focus();
    if (focus) setFocus(null);
  }, [focus]);
  useEffect(() => { if (done) doneRef.current?.focus(); }, [done]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await activate.mutateAsync(values);
        setDone(true);
      } catch (rejection) {
        const f = simFailure(t, rejection);
        // A mismatch marks both fields (the server's fields): either may be the wrong one.
        for (const [name, message] of Object.entries(f.fields ?? {})) {
          if ((NAMES as readonly string[]).includes(name)) form.setError(name as keyof SimValues, { type: 'server', message });
        }
        setFailure(f);
        setFocus('alert');
      }
    },
    () => {
      setFailure(null);
      setFocus('summary');
    },
  );

  if (done) {
    return (
      <section className="page-section thank-you" aria-labelledby="sim-done-title" data-testid="sim-activated">
        <h1 id="sim-done-title" ref={doneRef} tabIndex={-1}>{t('simFlow.doneTitle')}</h1>
        <p className="lead">{t('simFlow.doneText')}</p>
        <Link to={COVERAGE_PATH} className="btn btn-outline-primary btn-lg">{t('simFlow.home')}</Link>
      </section>
    );
  }

  const summary: SummaryError[] = submitCount > 0 && !failure
    ? NAMES.flatMap((name) => (errors[name]?.message ? [{ name, message: errors[name].message }] : []))
    : [];

  return (
    <section className="page-section row" aria-labelledby="sim-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="sim-title">{t('pages.sim.title')}</h1>
        <p className="lead">{t('pages.sim.text')}</p>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="sim-title" className="form-section pb-4">
          <FormErrorSummary ref={summaryRef} errors={summary} labelOf={(name) => t(`simFlow.fields.${name}`)} />
          {failure && (
            <div ref={alertRef} tabIndex={-1} className={`alert ${failure.kind === SIM_ACTIVATION_ERROR_CODES.alreadyActive ? 'alert-info' : 'alert-danger'}`} role="alert" data-testid="sim-error">
              <p className="fw-bold mb-1">{failure.title}</p>
              <p className="mb-0">{failure.text}</p>
            </div>
          )}
          <FormField
            registration={register('order_number')}
            label={t('simFlow.fields.order_number')}
            required
            autoComplete="off"
            inputClassName="text-uppercase"
            hint={t('simFlow.orderHint')}
            error={errors.order_number?.message}
          />
          <FormField
            registration={register('iccid_last5')}
            label={t('simFlow.fields.iccid_last5')}
            required
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
            hint={t('simFlow.iccidHint')}
            error={errors.iccid_last5?.message}
          />
          <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('simFlow.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
