import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { COVERAGE_PATH, parseMigrationCodeFormat, portabilityFormSchema } from '@checkout/contract';
import { FormErrorSummary, type SummaryError } from '../../components/form-error-summary';
import { FormCheckbox, FormField, FormSelect } from '../../components/form-field';
import { statusOf, toUiError } from '../../lib/ui-error';
import { checkoutMigrationOutcome } from '@checkout/contract';
import { looksLikeOrderHash } from '../../lib/order-hash';
import { useMigrationCodeCheck, useTelephoneOperators } from '../../lib/reference-queries';
import { PORTABILITY_NAMES, storedPortability, type PortabilityValues } from './portability-save';
import { useOrderPortability, useSavePortability } from './api/portability-api';
import '../../components/form-kit.css';

const PATH = '/dati-portabilita';
const EMPTY: PortabilityValues = {
  portability_internet: true, portability_phone: false, portability_operator: '', portability_operator_name: '',
  portability_old_number: '', portability_migration_code: '',
};

/** Without a code in the address: the page asks for it first. */
function AskOrderCode({ invalid, initial }: { invalid: boolean; initial: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<{ code: string }>({ defaultValues: { code: initial } });
  const [error, setError] = useState<string | undefined>(invalid ? t('portabilityFlow.codeInvalid') : undefined);
  const onSubmit = form.handleSubmit(({ code }) => {
    const clean = code.trim();
    if (!looksLikeOrderHash(clean)) {
      setError(clean ? t('portabilityFlow.codeInvalid') : t('portabilityFlow.codeRequired'));
      form.setFocus('code');
      return;
    }
    void navigate(`${PATH}/${encodeURIComponent(clean)}`);
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="form-section pb-4" aria-labelledby="portability-code-title" data-testid="portability-code-form">
      <h2 id="portability-code-title">{t('portabilityFlow.codeTitle')}</h2>
      <FormField registration={form.register('code')} label={t('portabilityFlow.codeLabel')} required autoComplete="off" hint={t('portabilityFlow.codeHint')} error={error} />
      <button type="submit" className="btn btn-primary btn-lg">{t('portabilityFlow.codeSubmit')}</button>
    </form>
  );
}

function PortabilityForm({ ordercode }: { ordercode: string }) {
  const { t } = useTranslation();
  const operators = useTelephoneOperators();
  // This browser's checkout of the order knows its data; any other device reads what the server has on file.
  const [local] = useState(() => storedPortability(ordercode));
  const onFile = useOrderPortability(ordercode, local === null);
  const save = useSavePortability();
  const migrationCheck = useMigrationCodeCheck();
  const form = useForm<PortabilityValues>({
    resolver: zodResolver(portabilityFormSchema),
    defaultValues: local ?? EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  useEffect(() => {
    if (!onFile.data || form.formState.isDirty) return;
    const { status: _status, ...values } = onFile.data;
    // Nothing on file yet: the form keeps its usual start (internet line to move).
    if (values.portability_internet || values.portability_phone) form.reset(values);
  }, [onFile.data, form]);
  const { register, setValue, getValues, control, formState: { errors, isSubmitting, submitCount } } = form;
  const [migrationStatus, setMigrationStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [focusSummary, setFocusSummary] = useState(false);
  useEffect(() => {
    if (!focusSummary) return;
    summaryRef.current?.focus();
    setFocusSummary(false);
  }, [focusSummary]);
  useEffect(() => { if (saved) doneRef.current?.focus(); }, [saved]);

  const portPhone = useWatch({ control, name: 'portability_phone' });

  /** validate-migration-code, as in step 3 of the checkout: true when the code may be sent. */
  const checkMigrationCode = async (): Promise<boolean> => {
    const code = getValues('portability_migration_code').replace(/\s+/g, '').toUpperCase();
    setMigrationStatus('');
    if (!code) return false;
    if (!parseMigrationCodeFormat(code)) {
      form.setError('portability_migration_code', { type: 'server', message: t('portabilityFlow.migrationInvalid') });
      return false;
    }
    try {
      const result = await migrationCheck.mutateAsync(code);
      const outcome = checkoutMigrationOutcome(result);
      if (outcome === 'valid') {
        form.clearErrors('portability_migration_code');
        setMigrationStatus(result.operator ? t('portabilityFlow.migrationValidOperator', { operator: result.operator }) : t('portabilityFlow.migrationValid'));
        const known = result.operator ? operators.data?.find((o) => o.name.toLowerCase() === result.operator?.toLowerCase()) : undefined;
        if (known && !getValues('portability_operator')) {
          setValue('portability_operator', known.id, { shouldDirty: true });
          setValue('portability_operator_name', known.name);
        }
        return true;
      }
      form.setError('portability_migration_code', { type: 'server', message: t(outcome === 'invalid_cos' ? 'portabilityFlow.migrationInvalidCos' : 'portabilityFlow.migrationInvalid') });
      return false;
    } catch (error) {
      if (statusOf(error) === 422) {
        form.setError('portability_migration_code', { type: 'server', message: t('portabilityFlow.migrationInvalid') });
        return false;
      }
      // The check itself failed (network): the server checks again when the data is used.
      return true;
    }
  };

  const operatorReg = register('portability_operator', {
    onChange: (event: { target: { value: string } }) => {
      setValue('portability_operator_name', operators.data?.find((o) => o.id === event.target.value)?.name ?? '');
    },
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      if (!(await checkMigrationCode())) { setFocusSummary(true); return; }
      try {
        await save.mutateAsync({ hash: ordercode, values });
        setSaved(true);
      } catch (error) {
        const fields = toUiError(error, t).fields;
        let mapped = false;
        for (const [name, message] of Object.entries(fields)) {
          if ((PORTABILITY_NAMES as readonly string[]).includes(name)) { form.setError(name as keyof PortabilityValues, { type: 'server', message }); mapped = true; }
        }
        if (statusOf(error) === 404) setFailure(t('portabilityFlow.orderNotFound'));
        else if (!mapped) setFailure(toUiError(error, t).message);
        setFocusSummary(true);
      }
    },
    () => { setFailure(null); setFocusSummary(true); },
  );

  if (saved) {
    return (
      <div className="thank-you" data-testid="portability-saved">
        <h2 ref={doneRef} tabIndex={-1}>{t('portabilityFlow.savedTitle')}</h2>
        <p className="lead">{t('portabilityFlow.savedText')}</p>
        <Link to={COVERAGE_PATH} className="btn btn-outline-primary btn-lg">{t('portabilityFlow.home')}</Link>
      </div>
    );
  }

  const summary: SummaryError[] = submitCount > 0
    ? PORTABILITY_NAMES.flatMap((name) => { const m = errors[name]?.message; return m ? [{ name, message: m }] : []; })
    : [];

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
        <FormCheckbox registration={register('portability_phone')} label={t('portabilityFlow.fields.portability_phone')} />
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
