import { formatItalianNumber, formatSpeed } from '@checkout/contract';
import { forwardRef } from 'react';
import { useTranslation } from '../lib/translation';
import type { ServiceCoverage } from '@checkout/contract';
import { InfoButton } from './info-button';
import { openModal } from './modals/modal-store';
import './checkout-kit.css';

export interface CoverageSummaryProps {
  addressLabel: string;
  services: readonly ServiceCoverage[];
  suggestedTechnology: string;
  openfiberCluster: string;
}

/** The service the summary leads with: the suggested (fastest) technology, else the fastest available. */
export const mainService = (services: readonly ServiceCoverage[], suggested: string): ServiceCoverage | null => {
  const available = services.filter((s) => s.available);
  return available.find((s) => s.technology === suggested)
    ?? [...available].sort((a, b) => b.max_download - a.max_download)[0]
    ?? null;
};

/** SPEC §1 coverage-check summary: technology, network, speed, Open Fiber cluster, FTTC cabinet distance. */
export const CoverageSummary = forwardRef<HTMLHeadingElement, CoverageSummaryProps>(function CoverageSummary(
  { addressLabel, services, suggestedTechnology, openfiberCluster },
  headingRef,
) {
  const { t } = useTranslation();
  const main = mainService(services, suggestedTechnology);
  if (!main) return null;
  const others = services.filter((s) => s.available && s !== main);
  return (
    <section className="coverage-summary" aria-labelledby="coverage-summary-title" data-testid="coverage-summary">
      <div className="coverage-summary-head">
        <span className={`coverage-tech-mark tech-${main.technology.toLowerCase()}`} aria-hidden="true">{main.technology}</span>
        <div>
          <h2 id="coverage-summary-title" ref={headingRef} tabIndex={-1} className="coverage-summary-title">{t('kit.coverage.title')}</h2>
          <p className="coverage-summary-address">{addressLabel}</p>
        </div>
      </div>
      <dl className="coverage-facts">
        <div className="coverage-fact">
          <dt>{t('kit.coverage.technology')}</dt>
          <dd data-testid="coverage-technology">{t(`kit.technology.${main.technology}`)}</dd>
        </div>
        <div className="coverage-fact">
          <dt>{t('kit.coverage.network')}</dt>
          <dd data-testid="coverage-network">{main.network}</dd>
        </div>
        <div className="coverage-fact">
          <dt>{t('kit.coverage.speed')}</dt>
          <dd data-testid="coverage-speed">
            {formatSpeed(main.max_download)}
            <span className="coverage-fact-sub">{t('kit.coverage.upload', { speed: formatSpeed(main.max_upload) })}</span>
          </dd>
        </div>
        {openfiberCluster && (
          <div className="coverage-fact">
            <dt>{t('kit.coverage.cluster')}</dt>
            <dd data-testid="coverage-cluster">{openfiberCluster}</dd>
          </div>
        )}
        {main.technology === 'FTTC' && main.cabinet_distance !== null && (
          <div className="coverage-fact">
            <dt>{t('kit.coverage.cabinet')}</dt>
            <dd data-testid="coverage-cabinet-distance" className="d-flex align-items-center gap-2">
              {formatItalianNumber(main.cabinet_distance, 0)} m
              <InfoButton label={t('kit.coverage.cabinetInfo')} onClick={() => openModal('distance-cabinet')} />
            </dd>
          </div>
        )}
      </dl>
      {others.length > 0 && (
        <p className="coverage-summary-others">
          {t('kit.coverage.alsoAvailable', {
            list: others.map((s) => t('kit.coverage.otherService', { technology: s.technology, speed: formatSpeed(s.max_download) })).join(', '),
          })}
        </p>
      )}
    </section>
  );
});
