import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translation';
import { formatEuro, keptNumberOf, priceOrder, toItalianDate, type FormFields, type Offer, type Promo } from '@checkout/contract';
import { OfferTerms } from './offer-terms';
import { PriceLines } from './price-lines';
import './form-kit.css';

/** IT60X0542811101000000123456 → IT60 •••• •••• •••• •••• 3456: enough to recognise it, not to copy it. */
export const maskIban = (iban: string): string => {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (s.length < 8) return s;
  const hidden = Math.max(0, s.length - 8);
  return `${s.slice(0, 4)} ${'•'.repeat(hidden).replace(/(.{4})/g, '$1 ').trim()} ${s.slice(-4)}`.replace(/\s+/g, ' ');
};

const joinAddress = (street: string, number: string, zip: string, city: string, province: string): string =>
  [[street, number].filter(Boolean).join(' '), [zip, city, province ? `(${province})` : ''].filter(Boolean).join(' ')].filter(Boolean).join(', ');

type Row = [label: string, value: ReactNode];

function Block({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const shown = rows.filter(([, v]) => v !== '' && v !== null && v !== undefined);
  if (shown.length === 0) return null;
  return (
    <section className="mb-3" data-testid={testId}>
      <h3 className="h6 fw-bold">{title}</h3>
      <dl className="review-list">
        {shown.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface StepOrderReviewProps {
  offer: Offer | null;
  fields: FormFields;
  additionalVariants?: readonly string[];
  /** A promo get-promo accepted (its discount lines are part of the order). */
  promo?: Promo | null;
  /** The heading level of the review's own title (the blocks are one below). */
  title?: string;
}

/** The whole order before signing (SPEC §1, issue 4): offer, options, totals, people, addresses, payment, document. */
export function StepOrderReview({ offer, fields: f, additionalVariants = [], promo = null, title }: StepOrderReviewProps) {
  const { t } = useTranslation();
  const yes = t('review.yes');
  const kept = keptNumberOf(f, f.voip_activation_request);
  const business = f.customer_type === 'business';
  const priced = offer ? priceOrder(offer, { options: f.options, additionalVariants, routerVariant: f.routerVariant }, { promo }) : null;
  const totals = priced?.totals ?? null;
  const activation = joinAddress(f.address, f.number, f.zip_code, f.city, f.province);
  const shipping = f.shipping_same_as_activation
    ? t('review.sameAsActivation')
    : [f.shipping_recipient, f.shipping_care_of && t('review.careOf', { name: f.shipping_care_of }),
      joinAddress(f.shipping_address, f.shipping_number, f.shipping_zip, f.shipping_city, f.shipping_province)].filter(Boolean).join(', ');
  const documentType = f.document_type ? t(`review.documentTypes.${f.document_type}`, { defaultValue: f.document_type }) : '';

  return (
    <section className="order-review" aria-labelledby="order-review-title" data-testid="order-review">
      <h2 id="order-review-title" className="h4">{title ?? t('review.title')}</h2>
      {offer && (
        <section className="mb-3" data-testid="review-offer">
          <h3 className="h6 fw-bold">{t('review.offer')}</h3>
          <PriceLines
            lines={priced?.lines ?? []}
            testIdPrefix="review"
            label={t('review.offer')}
            classes={{ list: 'list-unstyled mb-2', item: 'd-flex justify-content-between gap-2', name: '', prices: 'text-nowrap d-flex flex-column align-items-end' }}
          />
          {totals && (
            <dl className="review-list">
              <dt>{t('review.monthlyTotal')}</dt>
              <dd data-testid="review-monthly-total">{formatEuro(totals.monthly)}</dd>
              <dt>{t('review.oneOffTotal')}</dt>
              <dd data-testid="review-one-off-total">{formatEuro(totals.oneOff)}</dd>
            </dl>
          )}
          {priced && <OfferTerms offer={offer} promo={priced.promo} testId="review-terms" />}
        </section>
      )}
      <Block testId="review-contact" title={t('review.contact')} rows={[
        [t('review.name'), [f.first_name, f.last_name].filter(Boolean).join(' ')],
        [t('review.email'), f.email],
        [t('review.mobile'), f.mobile_phone_number],
        [t('review.phone'), f.phone_number],
      ]} />
      {business ? (
        <Block testId="review-company" title={t('review.company')} rows={[
          [t('review.ragioneSociale'), f.ragione_sociale],
          [t('review.formaGiuridica'), f.forma_giuridica],
          [t('review.partitaIva'), f.partita_iva],
          [t('review.companyTaxCode'), f.company_tax_code],
          [t('review.pec'), f.pec],
          [t('review.sdi'), f.sdi],
          [t('review.rea'), [f.provincia_rea, f.numero_rea].filter(Boolean).join('-')],
          [t('review.ateco'), f.ateco],
          [t('review.legalSeat'), joinAddress(f.sede_legale_indirizzo, f.sede_legale_civico, f.sede_legale_cap, f.sede_legale_comune, f.sede_legale_provincia)],
        ]} />
      ) : (
        <Block testId="review-personal" title={t('review.personal')} rows={[
          [t('review.cf'), f.cf],
          [t('review.birth'), [toItalianDate(f.birth_date), f.birth_city ? `${f.birth_city}${f.birth_province ? ` (${f.birth_province})` : ''}` : f.country].filter(Boolean).join(', ')],
          [t('review.nationality'), f.nationality],
          [t('review.residence'), joinAddress(f.residenza_indirizzo, f.residenza_civico, f.residenza_cap, f.residenza_comune, f.residenza_provincia)],
        ]} />
      )}
      <Block testId="review-addresses" title={t('review.addresses')} rows={[
        [t('review.activation'), activation],
        [t('review.shipping'), activation || !f.shipping_same_as_activation ? shipping : ''],
        // Step 3's one answer (contract voice-line.ts): the number kept is the one ported, else a new number.
        [t('review.portability'), kept || f.portability_internet
          ? [f.portability_operator_name || f.portability_operator, kept, f.portability_migration_code].filter(Boolean).join(' · ')
          : ''],
        [t('review.voip'), f.voip_activation_request ? `${yes} · ${kept ? t('review.voipKeep', { number: kept }) : t('review.voipNew')}` : ''],
      ]} />
      <Block testId="review-payment" title={t('review.payment')} rows={[
        [t('review.sepaHolder'), [
          f.sepa_holder_type === 'company' ? f.sepa_company_name : [f.sepa_first_name, f.sepa_last_name].filter(Boolean).join(' '),
          f.sepa_tax_code,
        ].filter(Boolean).join(' - ')],
        [t('review.iban'), f.iban ? <span data-testid="review-iban">{maskIban(f.iban)}</span> : ''],
      ]} />
      <Block testId="review-document" title={t('review.document')} rows={[
        [t('review.documentType'), documentType ? `${documentType}${f.document_number ? ` n. ${f.document_number.toUpperCase()}` : ''}` : ''],
        [t('review.documentDates'), f.document_issue_date ? t('review.documentDatesValue', { issue: toItalianDate(f.document_issue_date), expiry: toItalianDate(f.document_expiry_date) }) : ''],
        [t('review.documentIssuer'), [f.document_issuer, f.document_issue_comune].filter(Boolean).join(', ')],
        [t('review.attachments'), f.attachments.map((a) => a.filename).join(', ')],
      ]} />
    </section>
  );
}
