import { useTranslation } from '../../lib/translation';
import { Link, useParams } from 'react-router';
import { COVERAGE_PATH } from '@checkout/contract';
import { statusOf, toUiError } from '../../lib/ui-error';
import { CorrectionForm } from './mnp-correction-form';
import { mnpActions, statusKey } from './mnp-status';
import { useMnpFlow } from './use-mnp-flow';
import '../../components/form-kit.css';

const formatNumber = (n: string | null): string => (n ? n.replace(/^(\d{3})(\d+)$/, '$1 $2') : '—');

/** Porting of a mobile number, reached by the mobile order's short hash: confirm or correct the data. */
export default function MnpPage() {
  const { t } = useTranslation();
  const { shortHash = '' } = useParams();
  const { order, mode, outcome, failure, outcomeRef, operatorName, confirming, confirm, corrected, startCorrection, cancelCorrection } = useMnpFlow(shortHash);

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
          <CorrectionForm order={data} onDone={corrected} onCancel={cancelCorrection} />
        ) : (
          (actions.canConfirm || actions.canCorrect) && (
            <div className="d-flex flex-wrap gap-2">
              {actions.canConfirm && (
                <button type="button" className="btn btn-primary btn-lg" onClick={() => void confirm(data.short_hash)} disabled={confirming}>
                  {confirming && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  {t('mnpFlow.confirm')}
                </button>
              )}
              {actions.canCorrect && (
                <button type="button" className="btn btn-outline-primary btn-lg" onClick={startCorrection}>{t('mnpFlow.correct')}</button>
              )}
            </div>
          )
        )}
      </div>
    </section>
  );
}
