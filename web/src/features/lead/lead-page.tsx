import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../lib/translation';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH, leadFormSchema, type Comune } from '@checkout/contract';
import { FormErrorSummary, type SummaryError } from '../../components/form-error-summary';
import { FormCheckbox, FormField } from '../../components/form-field';
import { FormComuneField } from '../../components/form-comune-field';
import { track } from '../../lib/analytics';
import { toUiError } from '../../lib/ui-error';
import { useCreateLead } from './api/lead-api';
import { legalPageUrl } from '../../lib/legal-links';
import { usePublicConfig } from '../../lib/public-config';
import { useCheckoutStore } from '../../state/checkout-store';
import { buildLead, leadFormDefaults, type LeadFormValues, type LeadSource } from './lead-prefill';
import '../../components/form-kit.css';

const NAMES = ['nome', 'cognome', 'email', 'numero_telefono', 'comune', 'cap', 'provincia', 'indirizzo', 'civico', 'privacy'] as const;
type Name = (typeof NAMES)[number];

/** Reasons with their own introduction; anything else gets the general one. */
const REASONS = ['no-coverage', 'address-not-found', 'no-offer'] as const;
const introKey = (reason: string | undefined): string =>
  (REASONS as readonly string[]).includes(reason ?? '') ? `leadFlow.intro.${reason}` : 'leadFlow.intro.default';

const snapshot = (): LeadSource => {
  const s = useCheckoutStore.getState();
  return { fields: s.fields, persistent: s.persistent, offer: s.offer };
};

/** SPEC §2 request an offer: the lead form, prefilled from the checkout, → leads/new → thank-you. */
export default function LeadPage() {
  const { t } = useTranslation();
  const createLead = useCreateLead();
  const { legalPagesUrl } = usePublicConfig();
  const { reason } = useParams();
  const [defaults] = useState<LeadFormValues>(() => leadFormDefaults(snapshot()));
  // comune_istat follows the comune: the stored one until the visitor types another comune.
  const [istat, setIstat] = useState<{ city: string; id: string }>(() => ({ city: defaults.comune, id: useCheckoutStore.getState().fields.id_comune }));
  const form = useForm<LeadFormValues>({
    resolver: zodResolver(leadFormSchema),
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, setValue, control, formState: { errors, isSubmitting, submitCount } } = form;
  const comune = useWatch({ control, name: 'comune' });
  const [failure, setFailure] = useState<string | null>(null);
  const [sentName, setSentName] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [focusSummary, setFocusSummary] = useState(false);
  const later = { shouldDirty: true, shouldValidate: submitCount > 0 };

  useEffect(() => {
    if (!focusSummary) return;
    summaryRef.current?.focus();
    setFocusSummary(false);
  }, [focusSummary]);
  useEffect(() => { if (sentName !== null) doneRef.current?.focus(); }, [sentName]);

  const onComune = (c: Comune) => {
    setValue('comune', c.name, later);
    setValue('provincia', c.province, later);
    if (c.caps.length === 1) setValue('cap', c.caps[0] ?? '', later);
    setIstat({ city: c.name, id: c.id });
  };

  const onSubmit = form.handleSubmit(
    async ({ privacy: _privacy, ...values }) => {
      setFailure(null);
      const source = snapshot();
      const lead = buildLead(values, source, reason, window.location.origin);
      lead.comune_istat = istat.city.trim().toLowerCase() === lead.comune.toLowerCase() ? istat.id : '';
      try {
        await createLead.mutateAsync(lead);
        track('generate_lead', { lead_source: lead.request_type, ...(lead.offer_id ? { offer_id: lead.offer_id } : {}), ...(lead.servizio ? { servizio: lead.servizio } : {}) });
        setSentName(lead.nome);
      } catch (error) {
        const fields = (error as { fields?: Record<string, string> }).fields ?? {};
        let mapped = false;
        for (const [name, message] of Object.entries(fields)) {
          if ((NAMES as readonly string[]).includes(name)) { form.setError(name as Name, { type: 'server', message }); mapped = true; }
        }
        setFailure(mapped ? null : toUiError(error, t).message);
        setFocusSummary(true);
      }
    },
    () => { setFailure(null); setFocusSummary(true); },
  );

  if (sentName !== null) {
    return (
      <section className="page-section thank-you" aria-labelledby="lead-done-title" data-testid="lead-thank-you">
        <h1 id="lead-done-title" ref={doneRef} tabIndex={-1}>{t('leadFlow.doneTitle', { name: sentName })}</h1>
        <p className="lead">{t('leadFlow.doneText')}</p>
        <Link to={COVERAGE_PATH} className="btn btn-outline-primary btn-lg">{t('leadFlow.home')}</Link>
      </section>
    );
  }

  const summary: SummaryError[] = submitCount > 0
    ? NAMES.flatMap((name) => { const m = errors[name]?.message; return m ? [{ name, message: m }] : []; })
    : [];

  return (
    <section className="page-section row" aria-labelledby="lead-title">
      <div className="col-lg-8 col-xl-7">
        <h1 id="lead-title">{t('pages.lead.title')}</h1>
        <p className="lead" data-testid="lead-intro">{t(introKey(reason))}</p>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="lead-title">
          <FormErrorSummary ref={summaryRef} errors={summary} message={failure} labelOf={(name) => t(`leadFlow.fields.${name}`)} />
          <p className="form-text mb-3">{t('form.requiredNote')}</p>
          <fieldset className="form-section">
            <legend>{t('leadFlow.who')}</legend>
            <div className="row">
              <div className="col-sm-6">
                <FormField registration={register('nome')} label={t('leadFlow.fields.nome')} required autoComplete="given-name" error={errors.nome?.message} />
              </div>
              <div className="col-sm-6">
                <FormField registration={register('cognome')} label={t('leadFlow.fields.cognome')} required autoComplete="family-name" error={errors.cognome?.message} />
              </div>
            </div>
            <FormField registration={register('email')} type="email" label={t('leadFlow.fields.email')} required autoComplete="email" inputMode="email" error={errors.email?.message} />
            <FormField registration={register('numero_telefono')} type="tel" label={t('leadFlow.fields.numero_telefono')} required autoComplete="tel" inputMode="tel" hint={t('leadFlow.phoneHint')} error={errors.numero_telefono?.message} />
          </fieldset>
          <fieldset className="form-section">
            <legend>{t('leadFlow.where')}</legend>
            <FormComuneField
              label={t('leadFlow.fields.comune')}
              name="comune"
              value={comune}
              onInputChange={(text) => setValue('comune', text, later)}
              onSelect={onComune}
              error={errors.comune?.message}
              inputRef={register('comune').ref}
              autoComplete="address-level2"
            />
            <div className="row">
              <div className="col-6">
                <FormField registration={register('cap')} label={t('leadFlow.fields.cap')} inputMode="numeric" maxLength={5} autoComplete="postal-code" error={errors.cap?.message} />
              </div>
              <div className="col-6">
                <FormField registration={register('provincia')} label={t('leadFlow.fields.provincia')} maxLength={2} inputClassName="text-uppercase" hint={t('form.provinceHint')} error={errors.provincia?.message} />
              </div>
            </div>
            <div className="row">
              <div className="col-sm-8">
                <FormField registration={register('indirizzo')} label={t('leadFlow.fields.indirizzo')} autoComplete="address-line1" error={errors.indirizzo?.message} />
              </div>
              <div className="col-sm-4">
                <FormField registration={register('civico')} label={t('leadFlow.fields.civico')} error={errors.civico?.message} />
              </div>
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend>{t('leadFlow.privacyTitle')}</legend>
            <FormCheckbox
              registration={register('privacy')}
              required
              label={t('leadFlow.fields.privacy')}
              hint={(
                <>
                  {t('leadFlow.privacyHint')}{' '}
                  <a href={legalPageUrl(legalPagesUrl, 'privacy')} target="_blank" rel="noopener" data-testid="lead-privacy-link">
                    {t('leadFlow.privacyLink')}<span className="visually-hidden"> {t('app.newTab')}</span>
                  </a>
                </>
              )}
              error={errors.privacy?.message}
            />
          </fieldset>
          <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('leadFlow.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
