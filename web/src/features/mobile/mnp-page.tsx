import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH, mnpCorrectionFormSchema, type MnpCorrectionForm, type MnpCorrectionFormInput, type ResultOf } from '@checkout/contract';
import { FormErrorSummary, type SummaryError } from '../../components/form-error-summary';
import { FormField, FormSelect } from '../../components/form-field';
import { statusOf, toUiError } from '../../lib/ui-error';
import { useConfirmMnpOrder, useCorrectMnpOrder, useMobileOperators, useMobileOrder } from './api/mobile-api';
import { mnpActions, statusKey } from './mnp-status';
import '../../components/form-kit.css';

type MobileOrder = ResultOf<'getMobileOrder'>;

type CorrectionInput = MnpCorrectionFormInput;
type Correction = MnpCorrectionForm;
const NAMES = ['donor_operator', 'number_to_port', 'old_iccid', 'holder_first_name', 'holder_last_name', 'holder_cf'] as const;

const formatNumber = (n: string | null): string => (n ? n.replace(/^(\d{3})(\d+)$/, '$1 $2') : '—');

function CorrectionForm({ order, onDone, onCancel }: { order: MobileOrder; onDone: (next: MobileOrder) => void; onCancel: () => void }) {
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

/** Porting of a mobile number, reached by the mobile order's short hash: confirm or correct the data. */
export default function MnpPage() {
  const { t } = useTranslation();
  const confirmOrder = useConfirmMnpOrder();
  const { shortHash = '' } = useParams();
  const queryClient = useQueryClient();
  const order = useMobileOrder(shortHash);
  const operators = useMobileOperators();
  const [mode, setMode] = useState<'view' | 'correct'>('view');
  const [outcome, setOutcome] = useState<'confirmed' | 'corrected' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => { if (outcome) outcomeRef.current?.focus(); }, [outcome]);

  if (order.isPending) {
    return (
      <section className="page-section" aria-labelledby="mnp-title" aria-busy="true">
        <h1 id="mnp-title">{t('pages.mnp.title')}</h1>
        <p className="lead d-flex align-items-center gap-2" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('mnpFlow.loading')}
        </p>
      </section>
    );
  }
  if (order.error || !order.data) {
    const unknown = statusOf(order.error) === 404;
    return (
      <section className="page-section" aria-labelledby="mnp-title" data-testid={unknown ? 'mnp-unknown' : 'mnp-error'}>
        <h1 id="mnp-title">{t('pages.mnp.title')}</h1>
        <div className="alert alert-warning" role="alert">
          <p className="fw-bold mb-1">{unknown ? t('mnpFlow.unknownTitle') : t('mnpFlow.errorTitle')}</p>
          <p className="mb-0">{unknown ? t('mnpFlow.unknownText') : toUiError(order.error, t).message}</p>
        </div>
        {!unknown && <button type="button" className="btn btn-primary me-2" onClick={() => void order.refetch()}>{t('mnpFlow.retry')}</button>}
        <Link to={COVERAGE_PATH} className="btn btn-outline-primary">{t('mnpFlow.home')}</Link>
      </section>
    );
  }

  const data = order.data;
  const actions = mnpActions(data);
  const operatorName = (id: string | null) => (id ? (operators.data?.find((o) => o.id === id)?.name ?? id) : '—');
  const update = (next: MobileOrder, what: 'confirmed' | 'corrected') => {
    queryClient.setQueryData(['mobile-order', shortHash], next);
    setMode('view');
    setOutcome(what);
  };
  const confirm = async () => {
    setFailure(null);
    setConfirming(true);
    try {
      update(await confirmOrder.mutateAsync(data.short_hash), 'confirmed');
    } catch (error) {
      setFailure(toUiError(error, t).message);
      void order.refetch();
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="page-section row" aria-labelledby="mnp-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="mnp-title">{t('pages.mnp.title')}</h1>
        <p className="lead">{t('mnpFlow.lead')}</p>
        {outcome && (
          <div ref={outcomeRef} tabIndex={-1} className="alert alert-success" role="status" data-testid={`mnp-${outcome}`}>
            <p className="fw-bold mb-1">{t(`mnpFlow.${outcome}Title`)}</p>
            <p className="mb-0">{t(`mnpFlow.${outcome}Text`)}</p>
          </div>
        )}
        {failure && <div className="alert alert-danger" role="alert">{failure}</div>}
        <div className="form-section">
          <h2>{t('mnpFlow.summaryTitle')}</h2>
          <dl className="review-list" data-testid="mnp-summary">
            <dt>{t('mnpFlow.orderNumber')}</dt><dd>{data.order_number}</dd>
            <dt>{t('mnpFlow.newNumber')}</dt><dd>{formatNumber(data.mobile_phone_number)}</dd>
            {actions.hasPorting && (<><dt>{t('mnpFlow.numberToPort')}</dt><dd data-testid="mnp-number">{formatNumber(data.number_to_port)}</dd></>)}
            {actions.hasPorting && (<><dt>{t('mnpFlow.donor')}</dt><dd data-testid="mnp-donor">{operatorName(data.donor_operator)}</dd></>)}
            {actions.hasPorting && data.holder_last_name && (<><dt>{t('mnpFlow.holder')}</dt><dd>{[data.holder_first_name, data.holder_last_name].filter(Boolean).join(' ')}</dd></>)}
            <dt>{t('mnpFlow.statusLabel')}</dt><dd data-testid="mnp-status">{t(statusKey(data.status))}</dd>
          </dl>
        </div>
        {!outcome && data.status === 'mnp_confirmed' && <p className="alert alert-info" data-testid="mnp-already-confirmed">{t('mnpFlow.alreadyConfirmed')}</p>}
        {!outcome && data.status === 'mnp_correction_requested' && <p className="alert alert-info">{t('mnpFlow.correctionPending')}</p>}
        {!actions.hasPorting && <p className="alert alert-info" data-testid="mnp-no-porting">{t('mnpFlow.noPorting')}</p>}
        {data.status === 'ready_to_activate' || data.status === 'mnp_confirmed' ? (
          <p><Link to={`/attiva-sim/${encodeURIComponent(data.order_number)}`}>{t('mnpFlow.toActivation')}</Link></p>
        ) : null}
        {mode === 'correct' ? (
          <CorrectionForm order={data} onDone={(next) => update(next, 'corrected')} onCancel={() => setMode('view')} />
        ) : (
          (actions.canConfirm || actions.canCorrect) && (
            <div className="d-flex flex-wrap gap-2">
              {actions.canConfirm && (
                <button type="button" className="btn btn-primary btn-lg" onClick={() => void confirm()} disabled={confirming}>
                  {confirming && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  {t('mnpFlow.confirm')}
                </button>
              )}
              {actions.canCorrect && (
                <button type="button" className="btn btn-outline-primary btn-lg" onClick={() => { setOutcome(null); setMode('correct'); }}>{t('mnpFlow.correct')}</button>
              )}
            </div>
          )
        )}
      </div>
    </section>
  );
}
