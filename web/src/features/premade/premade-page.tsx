import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, useNavigate, useParams } from 'react-router';
import { COVERAGE_PATH, formatEuro, paidOptionLines, priceOrder } from '@checkout/contract';
import { PriceLines } from '../../components/price-lines';
import { toUiError } from '../../lib/ui-error';
import { useFillOrder, usePremadeOffer } from './api/premade-api';
import { loadPremadeIntoCheckout, premadeFields, premadeProblem, type OpenPremadeAnswer, type PremadeProblem } from './premade-fill';
import { PremadeCodeForm } from './premade-code-form';
import '../../components/form-kit.css';

const STEP_1 = '/attiva/step-1';

/** A code that opens no order: a page of its own, never a broken form. */
function PremadeProblemPage({ problem, message, onRetry }: { problem: PremadeProblem; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page-section" aria-labelledby="premade-problem-title" data-testid={`premade-${problem.replace('_', '-')}`}>
      <h1 id="premade-problem-title" ref={heading} tabIndex={-1}>{t(`premadeFlow.${problem}.title`)}</h1>
      <p className="lead">{problem === 'other' ? message : t(`premadeFlow.${problem}.text`)}</p>
      <div className="d-flex flex-wrap gap-2">
        {problem === 'other' && <button type="button" className="btn btn-primary btn-lg" onClick={onRetry}>{t('premadeFlow.retry')}</button>}
        <Link to={COVERAGE_PATH} className={`btn btn-lg ${problem === 'other' ? 'btn-outline-primary' : 'btn-primary'}`}>{t('premadeFlow.toCoverage')}</Link>
      </div>
    </section>
  );
}

/**
 * SPEC §2 pre-made order: fill-order by code → a short summary of what the agent prepared → step 1 with
 * everything prefilled. An order that already holds the customer's data first asks the code sent to
 * the mobile number on it (docs/side-flows.md): the summary never shows personal data.
 */
export default function PremadePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ordercode = '' } = useParams();
  const premade = useFillOrder(ordercode);
  const fields = premade.data ? premadeFields(premade.data.fields) : null;
  const offer = usePremadeOffer(premade.data?.offer_id, fields?.customer_type ?? 'privato');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { if (premade.data) heading.current?.focus(); }, [premade.data]);

  if (premade.isPending) {
    return (
      <section className="page-section" aria-labelledby="premade-title" aria-busy="true">
        <h1 id="premade-title">{t('pages.premade.title')}</h1>
        <p className="lead d-flex align-items-center gap-2" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('premadeFlow.loading')}
        </p>
      </section>
    );
  }
  if (premade.error || !premade.data || !fields) {
    return <PremadeProblemPage problem={premadeProblem(premade.error)} message={toUiError(premade.error, t).message} onRetry={() => void premade.refetch()} />;
  }

  const answer = premade.data;
  const address = fields.address ? `${fields.address} ${fields.number ?? ''}, ${fields.zip_code ?? ''} ${fields.city ?? ''}${fields.province ? ` (${fields.province})` : ''}`.replace(/\s+/g, ' ').trim() : '';
  // The same lines and totals the summary box and the contract show (contract `priceOrder`).
  const priced = offer.data
    ? priceOrder(offer.data, { options: fields.options ?? [], additionalVariants: [], routerVariant: fields.routerVariant })
    : null;
  const open = (opened: OpenPremadeAnswer) => {
    loadPremadeIntoCheckout(opened, offer.data ?? null);
    void navigate(STEP_1);
  };
  const ready = answer.order;

  return (
    <section className="page-section row" aria-labelledby="premade-title" data-testid="premade-ready">
      <div className="col-lg-8 col-xl-7">
        <h1 id="premade-title" ref={heading} tabIndex={-1}>{t('premadeFlow.readyTitle')}</h1>
        <p className="lead">{t(ready ? 'premadeFlow.readyText' : 'premadeFlow.readyTextCode')}</p>
        <div className="form-section">
          <h2>{t('premadeFlow.summaryTitle')}</h2>
          <dl className="review-list">
            {address && (<><dt>{t('premadeFlow.address')}</dt><dd>{address}</dd></>)}
            <dt>{t('premadeFlow.offer')}</dt>
            <dd data-testid="premade-offer">{offer.data?.name ?? (offer.isPending ? t('premadeFlow.offerLoading') : t('premadeFlow.offerUnknown'))}</dd>
          </dl>
          {priced && (
            <>
              <PriceLines
                lines={priced.lines} testIdPrefix="premade" label={t('premadeFlow.prices')}
                classes={{ list: 'list-unstyled mb-2', item: 'd-flex justify-content-between gap-2', name: '', prices: 'text-nowrap d-flex flex-column align-items-end' }}
              />
              <dl className="review-list">
                <dt>{t('review.monthlyTotal')}</dt>
                <dd data-testid="premade-monthly-total">{formatEuro(priced.totals.monthly)}</dd>
                <dt>{t('review.oneOffTotal')}</dt>
                <dd data-testid="premade-one-off-total">{formatEuro(priced.totals.oneOff)}</dd>
              </dl>
              {/* Codice del Consumo art. 65 c. 2: what the consultant chose is confirmed by the customer, one tick each, before the signature. */}
              {paidOptionLines(priced).length > 0 && <p className="form-text" data-testid="premade-paid-options-note">{t('premadeFlow.paidOptionsNote')}</p>}
            </>
          )}
        </div>
        {ready ? (
          <>
            <p>{t('premadeFlow.next')}</p>
            <button type="button" className="btn btn-primary btn-lg" onClick={() => open({ ...answer, order: ready })} disabled={offer.isPending}>{t('premadeFlow.continue')}</button>
          </>
        ) : (
          <PremadeCodeForm code={ordercode} maskedPhone={answer.masked_phone} onOpened={open} />
        )}
      </div>
    </section>
  );
}
