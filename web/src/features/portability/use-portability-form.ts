import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../lib/translation';
import { checkoutMigrationOutcome, parseMigrationCodeFormat, portabilityFormSchema } from '@checkout/contract';
import type { SummaryError } from '../../components/form-error-summary';
import { statusOf, toUiError } from '../../lib/ui-error';
import { useMigrationCodeCheck, useTelephoneOperators } from '../../lib/reference-queries';
import { PORTABILITY_NAMES, storedPortability, type PortabilityValues } from './portability-save';
import { useOrderPortability, useSavePortability } from './api/portability-api';

const EMPTY: PortabilityValues = {
  portability_internet: true, portability_phone: false, portability_operator: '', portability_operator_name: '',
  portability_old_number: '', portability_migration_code: '',
};

/**
 * The portability form's state: the values this browser or the server has for the order, the migration
 * code checked on blur and before saving, and the save with its failures mapped onto the fields.
 */
export function usePortabilityForm(ordercode: string) {
  const { t } = useTranslation();
  const operators = useTelephoneOperators();
  // This browser's checkout of the order knows its data; any other device reads what the server has on file.
  const [local] = useState(() => storedPortability(ordercode));
  // Read in any case: whether the order has a voice plan (a fixed number is ported only onto one) is the server's.
  const onFile = useOrderPortability(ordercode, true);
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
    if (!onFile.data) return;
    const { status: _status, has_voice_plan: voicePlan, ...values } = onFile.data;
    // Without a voice plan there is no fixed number to keep, whatever an earlier answer said.
    if (!voicePlan && form.getValues('portability_phone')) form.setValue('portability_phone', false);
    if (local !== null || form.formState.isDirty) return;
    // Nothing on file yet: the form keeps its usual start (internet line to move).
    if (values.portability_internet || values.portability_phone) form.reset(values);
  }, [onFile.data, form, local]);
  const { register, setValue, getValues, control, formState: { errors, submitCount } } = form;
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

  const summary: SummaryError[] = submitCount > 0
    ? PORTABILITY_NAMES.flatMap((name) => { const m = errors[name]?.message; return m ? [{ name, message: m }] : []; })
    : [];

  return { form, local, onFile, operators, operatorReg, migrationStatus, failure, saved, summary, summaryRef, doneRef, portPhone, checkMigrationCode, onSubmit };
}
