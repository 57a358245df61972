import { useId } from 'react';
import { useTranslation } from '../../lib/translation';
import { formatEuro } from '@checkout/contract';
import { usePublicConfig } from '../../lib/public-config';

/**
 * Codice del Consumo art. 51 c. 2: right before the order button, who the provider is, the total price
 * with taxes, the duration and the withdrawal right, in the server's figures (the contract preview's).
 */
export function PreContractInformation({ totals, consumer }: { totals: { monthly: number; one_off: number; vat_included: boolean }; consumer: boolean }) {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const vat = t(totals.vat_included ? 'signature.preContract.vatIncluded' : 'signature.preContract.vatExcluded');
  return (
    <section className="border rounded-4 p-3 mt-3" aria-labelledby="pre-contract-title" data-testid="pre-contract">
      <h3 id="pre-contract-title" className="fs-6 fw-bold">{t('signature.preContract.title')}</h3>
      <ul className="small mb-0">
        <li>{t('signature.preContract.provider', { brand })}</li>
        <li data-testid="pre-contract-price">{t('signature.preContract.price', { monthly: formatEuro(totals.monthly), oneOff: formatEuro(totals.one_off), vat })}</li>
        <li>{t('signature.preContract.duration')}</li>
        <li>{t(consumer ? 'signature.preContract.withdrawal' : 'signature.preContract.noWithdrawal')}</li>
      </ul>
    </section>
  );
}

/**
 * Codice del Consumo art. 50 c. 3: the consumer may ask, expressly and apart from everything else, that the
 * service starts within the 14 days; never ticked for them, and the consequence is said next to it.
 */
export function EarlyActivationChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-check mb-3" data-testid="early-activation">
      <input className="form-check-input" type="checkbox" id={id} checked={checked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
      <label className="form-check-label" htmlFor={id}>{t('signature.earlyActivation.label')}</label>
      <div id={`${id}-hint`} className="form-text">{t('signature.earlyActivation.hint')}</div>
    </div>
  );
}
