import { forwardRef, useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from '../lib/translation';
import { Link } from 'react-router';
import './form-kit.css';

export interface ThankYouData {
  /** The order hash: the key of the signed contract and of the document upload. */
  orderCode: string;
  /** What the customer reads and says on the phone (`FV-2026-K7M4Q9`), as in the contract. */
  orderNumber: string;
  email: string;
  customerName: string;
  signedAt: string;
  /** GET link of the signed PDF (valid until `filesExpireAt`). */
  signedContractUrl: string;
  /** GET link of the evidence bundle (ZIP with the sealed contract, summary, event log and hashes). */
  evidenceBundleUrl?: string;
  /** When the two links stop working (an hour after the signature); then the tracking page gives the files after a code. */
  filesExpireAt?: string;
  /** Whether a router is shipped (an activation with a router to send). */
  shipsRouter: boolean;
  /** A consumer, who may withdraw within 14 days (a business may not). */
  consumer?: boolean;
  /** A consumer's order: when the service starts, in the server's words (the evidence page's). */
  activationText?: string | null;
}

const isLive = (expiresAt: string | undefined): boolean => !expiresAt || Date.parse(expiresAt) > Date.now();

/**
 * Whether the files' links still work: false from their expiry on, also while the page stays open (a
 * timer), and checked again at the click (a sleeping tab's timer may be late): an expired link would
 * download the server's refusal as a file.
 */
function useFilesLive(expiresAt: string | undefined): [boolean, (e: MouseEvent) => void] {
  const [live, setLive] = useState(() => isLive(expiresAt));
  useEffect(() => {
    if (!expiresAt || !live) return undefined;
    const timer = setTimeout(() => setLive(false), Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, live]);
  const guard = (e: MouseEvent): void => {
    if (isLive(expiresAt)) return;
    e.preventDefault();
    setLive(false);
  };
  return [live, guard];
}

/** SPEC §1 thank-you screen: the order code and what happens next. */
export const ThankYou = forwardRef<HTMLHeadingElement, { data: ThankYouData; homePath: string }>(function ThankYou({ data, homePath }, ref) {
  const { t } = useTranslation();
  const signedAt = new Date(data.signedAt);
  const [filesLive, guardFiles] = useFilesLive(data.filesExpireAt);
  const trackingPath = `/ordine/${encodeURIComponent(data.orderNumber)}`;
  return (
    <section className="page-section thank-you" aria-labelledby="thank-you-title" data-testid="thank-you">
      <h1 id="thank-you-title" ref={ref} tabIndex={-1}>{t('thankYou.title', { name: data.customerName })}</h1>
      <p className="lead">{t('thankYou.lead')}</p>
      <p className="fs-5">
        {t('thankYou.orderNumber')} <strong data-testid="order-number" className="text-break">{data.orderNumber}</strong>
      </p>
      {!Number.isNaN(signedAt.getTime()) && (
        <p className="text-body-secondary">{t('thankYou.signedAt', { when: signedAt.toLocaleString('it-IT', { dateStyle: 'long', timeStyle: 'short' }) })}</p>
      )}
      <h2 className="h4 mt-4">{t('thankYou.nextTitle')}</h2>
      <ol className="thank-you-next">
        <li className="text-break">{t('thankYou.nextEmail', { email: data.email })}</li>
        {data.activationText && <li data-testid="thank-you-activation-start">{data.activationText}</li>}
        <li>{t('thankYou.nextTechnician')}</li>
        {data.shipsRouter && <li>{t('thankYou.nextRouter')}</li>}
        <li>{t('thankYou.nextActive')}</li>
      </ol>
      <div className="d-flex flex-wrap gap-2 mt-4">
        {filesLive && <a className="btn btn-primary btn-lg" href={data.signedContractUrl} download onClick={guardFiles}>{t('thankYou.download')}</a>}
        <Link className="btn btn-outline-primary btn-lg" to={`/document-upload/${encodeURIComponent(data.orderCode)}`}>{t('thankYou.documents')}</Link>
        <Link className="btn btn-outline-secondary btn-lg" to={homePath}>{t('thankYou.home')}</Link>
      </div>
      {!filesLive && (
        <p className="mt-3" data-testid="thank-you-files-expired">
          {t('thankYou.filesExpired')} <Link to={trackingPath}>{t('thankYou.filesExpiredLink')}</Link>
        </p>
      )}
      {data.orderNumber && (
        <p className="mt-3" data-testid="thank-you-tracking">
          {t('thankYou.tracking')} <Link to={trackingPath}>{t('thankYou.trackingLink')}</Link>
        </p>
      )}
      {data.evidenceBundleUrl && filesLive && (
        <p className="mt-3 text-body-secondary" data-testid="thank-you-evidence">
          {t('thankYou.evidence')} <a href={data.evidenceBundleUrl} download onClick={guardFiles}>{t('thankYou.evidenceLink')}</a>
        </p>
      )}
      {data.consumer !== false && (
        <p className="mt-4 text-body-secondary" data-testid="thank-you-withdrawal">
          {t('thankYou.withdrawal')} <Link to={`/recesso/${encodeURIComponent(data.orderNumber)}`}>{t('thankYou.withdrawalLink')}</Link>
        </p>
      )}
      {data.orderNumber && (
        <p className="text-body-secondary" data-testid="thank-you-consents">
          {t('thankYou.consents')} <Link to={`/consensi/${encodeURIComponent(data.orderNumber)}`}>{t('thankYou.consentsLink')}</Link>
        </p>
      )}
    </section>
  );
});
