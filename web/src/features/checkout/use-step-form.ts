import { useCallback, useEffect, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../lib/translation';
import type { z } from 'zod';
import { ERROR_CODES, type FormFields } from '@checkout/contract';
import type { SummaryError } from '../../components/form-error-summary';
import { asApiError, toUiError } from '../../lib/ui-error';
import { useCheckoutStore } from '../../state/checkout-store';
import { SIGNATURE_PATH } from './step-guard';

/** Every step field is a string or a flag (dates stay dd/mm/yyyy in the form, SPEC §5). */
export type StepValues = Record<string, string | boolean>;

/** A way out named beside a step-level failure (e.g. back to the signature page). */
export interface FailureLink { to: string; label: string }

/**
 * The server's 409 ERROR_CODES.contractFrozen: a one-time code is pending for the previewed contract, so nothing
 * it prints may change until the visitor goes back from the signature page (which reopens the order).
 */
export const isContractFrozen = (error: unknown): boolean => asApiError(error)?.code === ERROR_CODES.contractFrozen;

/** Names a step keeps in the store: a name that begins with `_` is a helper of the form (SPEC §5: never sent). */
const storedNames = (names: readonly string[]): string[] => names.filter((n) => !n.startsWith('_'));

/** How long typing may pause before the fields reach the persisted store. */
export const AUTOSAVE_MS = 300;

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The step's values as they are kept in the store (only names of the step). */
export const pickStepValues = (fields: FormFields, names: readonly string[], overrides: Partial<StepValues> = {}): StepValues => {
  const source = fields as unknown as Record<string, unknown>;
  const out: StepValues = {};
  for (const name of names) {
    const value = name in overrides ? overrides[name] : source[name];
    out[name] = typeof value === 'boolean' ? value : typeof value === 'string' ? value : '';
  }
  return out;
};

/**
 * Server field errors (ApiError.fields) onto the form: a field the form has gets its message next
 * to it; the rest, and a failure without fields, become the step-level message.
 */
export const splitServerErrors = (error: unknown, names: readonly string[]): { fields: Record<string, string>; message: string | null } => {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  const given = asApiError(error)?.fields;
  for (const [name, message] of Object.entries(given ?? {})) {
    if (names.includes(name)) fields[name] = message;
    else others.push(message);
  }
  return { fields, message: others.length > 0 ? others.join(' ') : null };
};

/** The messages of the form's errors, in the order of the step's fields. */
export const summaryErrors = (errors: FieldErrors<StepValues>, names: readonly string[]): SummaryError[] =>
  names.flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? [{ name, message }] : [];
  });

export interface UseStepFormOptions {
  schema: AnyObjectSchema;
  /** Values that replace the stored ones when these are empty (e.g. nationality 'Italia'). */
  fallbacks?: Partial<StepValues>;
  /**
   * Fields the schema carries but an earlier step shows (step 2 sends step 1's names for the codice
   * fiscale check): a server error on one of them says so and links back to that step.
   */
  shownEarlier?: { fields: readonly string[]; message: string; link: FailureLink };
}

/**
 * One checkout step's form: react-hook-form with the contract's step schema, values from the
 * persisted store and saved back as the visitor types (debounced, and at once when the page goes
 * away), server field errors mapped onto fields, and the error summary focused after a failure.
 */
export function useStepForm({ schema, fallbacks = {}, shownEarlier }: UseStepFormOptions) {
  const { t } = useTranslation();
  const names = Object.keys(schema.shape);
  const kept = storedNames(names);
  const setFields = useCheckoutStore((s) => s.setFields);
  const [defaults] = useState<StepValues>(() => {
    const stored = pickStepValues(useCheckoutStore.getState().fields, names);
    for (const [name, value] of Object.entries(fallbacks)) if (stored[name] === '' && value !== undefined) stored[name] = value;
    return stored;
  });
  const form = useForm<StepValues, unknown, StepValues>({
    resolver: zodResolver(schema) as unknown as Resolver<StepValues, unknown, StepValues>,
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [failure, setFailureText] = useState<string | null>(null);
  const [failureLink, setFailureLink] = useState<FailureLink | null>(null);
  /** A step-level message (null clears it). */
  const setFailure = useCallback((message: string | null) => {
    setFailureText(message);
    setFailureLink(null);
  }, []);
  /** A step-level message with the way out it needs; focus goes to it. */
  const failWith = useCallback((message: string, link: FailureLink) => {
    setFailureText(message);
    setFailureLink(link);
    setFocusPending(true);
  }, []);
  const [focusPending, setFocusPending] = useState(false);
  // A callback ref kept in state: the summary appears only once there are errors.
  const [summaryEl, attachSummary] = useState<HTMLDivElement | null>(null);

  // Autosave: nothing typed is lost on a refresh (the store is persisted).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: Partial<StepValues> | null = null;
    const flush = () => {
      if (!pending) return;
      const keep = Object.fromEntries(Object.entries(pending).filter(([k, v]) => kept.includes(k) && v !== undefined));
      pending = null;
      setFields(keep as Partial<FormFields>);
    };
    // The subscription form of watch() runs outside render: nothing here is memoised by the compiler.
    // eslint-disable-next-line react-hooks/incompatible-library
    const subscription = form.watch((values) => {
      pending = values as Partial<StepValues>;
      clearTimeout(timer);
      timer = setTimeout(flush, AUTOSAVE_MS);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      clearTimeout(timer);
      flush();
    };
    // names derive from the schema, which never changes for a mounted step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, setFields]);

  // After a failed submission, focus goes to the summary once it is on screen (it may appear in the next commit).
  useEffect(() => {
    if (!focusPending || !summaryEl) return;
    summaryEl.focus();
    setFocusPending(false);
  }, [focusPending, summaryEl]);

  const showServerError = useCallback((error: unknown) => {
    if (isContractFrozen(error)) {
      // The server knows a code is pending even when this browser forgot (another tab, a cleared flag).
      useCheckoutStore.getState().setPersistent({ alreadySentOtp: true });
      failWith(toUiError(error, t).message, { to: SIGNATURE_PATH, label: t('checkout.frozen.toSignature') });
      return;
    }
    const { fields, message } = splitServerErrors(error, names);
    const earlier = Object.keys(fields).filter((name) => shownEarlier?.fields.includes(name));
    for (const [name, text] of Object.entries(fields)) if (!earlier.includes(name)) form.setError(name, { type: 'server', message: text });
    if (shownEarlier && earlier.length > 0) {
      failWith(shownEarlier.message, shownEarlier.link);
      return;
    }
    setFailure(message ?? (Object.keys(fields).length > 0 ? null : toUiError(error, t).message));
    setFocusPending(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, t, failWith, setFailure, shownEarlier]);

  /** A handler for <form onSubmit>: validates, then runs `action` with the parsed values; failures go to the fields and the summary. */
  /** The form as typed, into the store now (not after the autosave pause): the next step reads it on its first render. */
  const saveNow = () => {
    const raw = form.getValues();
    setFields(Object.fromEntries(kept.filter((n) => raw[n] !== undefined).map((n) => [n, raw[n]])) as Partial<FormFields>);
  };

  const submitWith = (action: (values: StepValues) => Promise<void>) =>
    form.handleSubmit(
      async (values) => {
        saveNow();
        setFailure(null);
        try {
          await action(values);
        } catch (error) {
          showServerError(error);
        }
      },
      () => {
        saveNow();
        setFailure(null);
        setFocusPending(true);
      },
    );

  const errorOf = (name: string): string | undefined => {
    const message = form.formState.errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  return {
    form,
    names,
    failure,
    failureLink,
    setFailure,
    failWith,
    showServerError,
    submitWith,
    errorOf,
    attachSummary,
    // The summary lists errors once the visitor has tried to continue (a blur check alone stays next to its field).
    summary: form.formState.submitCount > 0 ? summaryErrors(form.formState.errors, names) : [],
    busy: form.formState.isSubmitting,
  };
}
