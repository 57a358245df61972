import { useRef, useState, type JSX, type MouseEvent } from 'react';
import { Trans, useTranslation } from '../../lib/translation';
import { Link } from 'react-router';
import { FEA_CONDITIONS_VERSION, FEA_INFO_PATH, requiredAcceptances, type ContractAcceptance } from '@checkout/contract';
import { usePublicConfig } from '../../lib/public-config';
import './contract-acceptances.css';

/** The acceptances send-otp needs (the contract's rule, shared with the server). */
export type AcceptanceName = ContractAcceptance;
export type Acceptances = Record<AcceptanceName, boolean>;

/**
 * What a customer accepts before asking for the code: the summary read, the general conditions, and
 * for a consumer the withdrawal information (a business has no 14-day withdrawal right).
 */
export const acceptancesFor = (customerType: string): AcceptanceName[] =>
  requiredAcceptances(customerType === 'business' ? 'business' : 'privato');

/** The acceptances still missing, in the order they are shown. */
export const missingAcceptances = (names: readonly AcceptanceName[], accepted: Acceptances): AcceptanceName[] =>
  names.filter((name) => !accepted[name]);

/** The in-page text each acceptance's label links to. */
export const ACCEPTANCE_TEXT_ID: Record<AcceptanceName, string> = {
  fea_conditions_accepted: 'condizioni-fea',
  contract_summary_read: 'sintesi-contrattuale',
  contract_terms_accepted: 'condizioni-generali',
  contract_withdrawal_accepted: 'informativa-recesso',
};

const LABEL_KEY: Record<AcceptanceName, string> = {
  fea_conditions_accepted: 'signature.acceptFea',
  contract_summary_read: 'signature.acceptSummary',
  contract_terms_accepted: 'signature.acceptTerms',
  contract_withdrawal_accepted: 'signature.acceptWithdrawal',
};

interface Clause { title: string; text: string }

/** The summary's PDF as the server made it, shown in the page, with its download. */
export interface SummaryPdf { url: string; filename: string }

const TITLE_KEY: Record<AcceptanceName, string> = {
  fea_conditions_accepted: 'fea.title',
  contract_summary_read: 'signature.contractSummary.title',
  contract_terms_accepted: 'signature.terms.title',
  contract_withdrawal_accepted: 'signature.withdrawal.title',
};

/** DPCM 22/02/2013 art. 57: the FEA conditions in short, the full information on its own page. */
function FeaText() {
  const { t } = useTranslation();
  const points = t('fea.conditions', { returnObjects: true }) as string[];
  return (
    <>
      <ul className="mt-2">{points.map((p) => <li key={p}>{p}</li>)}</ul>
      <p className="mb-0">
        <Link to={FEA_INFO_PATH} target="_blank" rel="noopener">{t('fea.readMore')}</Link> ({t('fea.version', { version: FEA_CONDITIONS_VERSION })})
      </p>
    </>
  );
}

/** Regulation (EU) 2019/2243: the summary the customer reads before the contract is concluded. */
function SummaryText({ summary }: { summary: SummaryPdf | null }) {
  const { t } = useTranslation();
  if (!summary) return <p role="status">{t('signature.previewLoading')}</p>;
  return (
    <>
      <p className="mt-2">{t('signature.contractSummary.intro')}</p>
      <iframe src={summary.url} title={t('signature.contractSummary.title')} className="w-100 border rounded-4 mb-2" style={{ height: '50vh' }} />
      <a className="btn btn-outline-primary" href={summary.url} download={summary.filename} data-testid="summary-download">
        {t('signature.contractSummary.download')}
      </a>
    </>
  );
}

/** The general conditions in short: the same clauses the contract PDF prints in full. */
function TermsText() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const clauses = t('signature.terms.clauses', { returnObjects: true }) as Clause[];
  return (
    <>
      <p className="mt-2">{t('signature.terms.intro', { brand })}</p>
      {clauses.map((c) => (
        <div key={c.title}>
          <h3 className="legal-heading">{c.title}</h3>
          <p>{c.text}</p>
        </div>
      ))}
    </>
  );
}

/** Codice del Consumo allegato I: the withdrawal instructions (part A, for services) and the model form (part B). */
function WithdrawalText() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const recipient = t('signature.withdrawal.recipient', { brand });
  const paragraphs = t('signature.withdrawal.paragraphs', { returnObjects: true, recipient }) as Clause[];
  const formLines = t('signature.withdrawal.formLines', { returnObjects: true, recipient }) as string[];
  return (
    <>
      {paragraphs.map((p) => (
        <div key={p.title}>
          <h3 className="legal-heading">{p.title}</h3>
          <p>{p.text}</p>
        </div>
      ))}
      <div className="withdrawal-form border rounded-4 p-3 mb-2" data-testid="withdrawal-form">
        <h3 className="legal-heading">{t('signature.withdrawal.formTitle')}</h3>
        <p className="fst-italic">{t('signature.withdrawal.formNote')}</p>
        <ul className="list-unstyled mb-2">
          {formLines.map((line) => <li key={line} className="mb-1">— {line}</li>)}
        </ul>
        <p className="mb-0">{t('signature.withdrawal.formFootnote')}</p>
      </div>
      <p className="text-body-secondary">{t('signature.withdrawal.source')}</p>
    </>
  );
}

/** Each acceptance's text, opened from its label. */
const ACCEPTANCE_BODY: Record<AcceptanceName, (props: { summary: SummaryPdf | null }) => JSX.Element> = {
  contract_summary_read: ({ summary }) => <SummaryText summary={summary} />,
  contract_terms_accepted: () => <TermsText />,
  contract_withdrawal_accepted: () => <WithdrawalText />,
  fea_conditions_accepted: () => <FeaText />,
};

export interface ContractAcceptancesProps {
  names: readonly AcceptanceName[];
  /** The contract summary of this order (null while it is made). */
  summary: SummaryPdf | null;
  accepted: Acceptances;
  errors: Partial<Record<AcceptanceName, string | undefined>>;
  onChange: (name: AcceptanceName, checked: boolean) => void;
}

/**
 * The required ticks before the code is sent. Each label links to its text, a section of this page
 * (a native <details>: keyboard and screen readers get a toggle for free) that the link opens.
 */
export function ContractAcceptances({ names, summary, accepted, errors, onChange }: ContractAcceptancesProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Partial<Record<AcceptanceName, boolean>>>({});
  const summaries = useRef<Partial<Record<AcceptanceName, HTMLElement | null>>>({});

  const openText = (name: AcceptanceName) => (event: MouseEvent<HTMLAnchorElement>) => {
    // The link sits in the checkbox's label: it opens the text and must not tick the box.
    event.preventDefault();
    event.stopPropagation();
    setOpen((o) => ({ ...o, [name]: true }));
    const summary = summaries.current[name];
    summary?.focus();
    summary?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <fieldset className="mb-3" data-testid="acceptances">
      <legend className="form-label fs-6 fw-bold">{t('signature.acceptTitle')}</legend>
      <p className="form-text mt-0">{t('signature.acceptIntro')}</p>
      {names.map((name) => {
        const id = `accept-${name}`;
        const textId = ACCEPTANCE_TEXT_ID[name];
        const error = errors[name];
        return (
          <div className="form-check mb-3" key={name}>
            <input
              className={`form-check-input${error ? ' is-invalid' : ''}`}
              type="checkbox"
              id={id}
              checked={accepted[name]}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => onChange(name, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={id}>
              <Trans
                i18nKey={LABEL_KEY[name]}
                components={{ text: <a href={`#${textId}`} onClick={openText(name)} aria-controls={textId} /> }}
              />
              <span className="form-required" aria-hidden="true"> *</span>
            </label>
            {error && <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">{error}</div>}
            <details
              id={textId}
              className="legal-text small mt-2"
              open={open[name] ?? false}
              onToggle={(e) => {
                const isOpen = (e.currentTarget as HTMLDetailsElement).open;
                setOpen((o) => (o[name] === isOpen ? o : { ...o, [name]: isOpen }));
              }}
            >
              <summary id={`${textId}-title`} ref={(el) => { summaries.current[name] = el; }}>
                {t(TITLE_KEY[name])}
              </summary>
              {/* A bounded box keeps the ticks next to the send button; focusable so the keyboard can scroll it. */}
              <div className="legal-text-body mt-2" role="region" tabIndex={0} aria-labelledby={`${textId}-title`}>
                {ACCEPTANCE_BODY[name]({ summary })}
              </div>
            </details>
          </div>
        );
      })}
    </fieldset>
  );
}
